// German texts shared by the profile, the user administration and Dsbot Auth (world fields, sessions, runners).
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
  runnerColumns: { name: "Name", status: "Status", createdAt: "Verbunden seit", lastSeenAt: "Zuletzt gesehen" },
  runnerConnected: "Online",
  runnerDisconnected: "Getrennt",
  runnerNever: "Nie",
  revokeRunner: "Widerrufen",
  revokeRunnerLabel: (name: string) => `Runner ${name} widerrufen`,
  // Revoking one of the caller's own runners (profile and Dsbot Auth).
  revokeOwnRunnerTitle: "Runner widerrufen",
  revokeOwnRunnerMessage: (name: string) =>
    `Der Runner "${name}" verliert den Zugriff auf dein Konto und wird sofort getrennt. Laufende Bots gehen offline.`,
  runnerRevoked: (name: string) => `Der Runner "${name}" wurde widerrufen.`,
} as const;
