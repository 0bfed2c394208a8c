// German texts of the app shell (header, user menu, search button).
export const layoutTexts = {
  toggleSidebar: "Seitenleiste umschalten",
  openTabRequests: (n: number) => (n === 1 ? "1 offene Tab-Anfrage" : `${n} offene Tab-Anfragen`),
  search: "Suche",
  searchShortcut: "Ctrl+K",
  userMenu: "Benutzermenü",
  account: "Account",
  logout: "Logout",
  world: "Welt",
  home: "Zum Dashboard",
} as const;
