// German texts shared by the profile and the user administration (world fields, sessions).
export const accountTexts = {
  server: "Server",
  serverPlaceholder: "die-staemme.de",
  world: "Welt",
  worldPlaceholder: "de230",
  worldDescription: "Die Welt, auf der du spielst, z. B. de230.",
  sessionsEmpty: "Keine aktiven Sitzungen.",
  currentSession: "Diese Sitzung",
  unknownDevice: "Unbekanntes Gerät",
  lastUsed: "Zuletzt aktiv",
  createdAt: "Angemeldet",
  expiresAt: "Läuft ab",
  endSession: "Sitzung beenden",
  deviceOn: (browser: string, os: string) => `${browser} auf ${os}`,
} as const;
