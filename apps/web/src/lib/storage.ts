// Browser storage keys of the app and the "forget everything" step of logout.

export const storageKeys = {
  session: "dsbot-user",
  layout: "dsbot-layout",
  map: "dsbot-map",
} as const;

/** Logout clears user state and all browser storage (local and session). */
export function clearBrowserStorage(): void {
  try {
    window.localStorage.clear();
  } catch (error) {
    console.warn("[storage] localStorage.clear failed", error);
  }
  try {
    window.sessionStorage.clear();
  } catch (error) {
    console.warn("[storage] sessionStorage.clear failed", error);
  }
}
