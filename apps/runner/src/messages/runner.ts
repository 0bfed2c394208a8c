// German texts of the runner itself: its own log, pairing and the config file.
export const runnerMessages = {
  connected: (name: string, accepted: number) => `Mit dem Server verbunden als „${name}“, ${accepted} Bot(s) bereit`,
  rejected: (id: number) => `Bot ${id} wurde vom Server abgelehnt (unbekannt oder kein Zugriff)`,
  notVisible: (id: number) => `Bot ${id} ist diesem Konto auf dem Server nicht bekannt`,
  playerMismatch: (id: number, local: string, server: string) =>
    `Bot ${id}: lokaler Spieler „${local}“ weicht vom Server ab („${server}“)`,
  helloFailed: (message: string) => `Anmeldung der Bots fehlgeschlagen: ${message}`,
  connectFailed: (message: string) => `Verbindung zum Server fehlgeschlagen: ${message}`,
  unauthorized: "Der Server lehnt den Runner ab (Kopplung widerrufen?). Bitte neu koppeln: dsbot pair",
  disconnected: (reason: string) => `Verbindung zum Server getrennt (${reason}), verbinde neu …`,
  resumed: (id: number) => `Bot ${id} lief vor dem Neustart, wird fortgesetzt`,
  unknownBot: (id: number) => `Startbefehl für Bot ${id} ignoriert: nicht in der lokalen Bot-Liste`,
  stopping: "Runner wird beendet …",
  stoppedAll: "Runner beendet",
} as const;

/** Errors of pairing through the device flow (shown by `dsbot pair`). */
export const pairingMessages = {
  /** The server's refusals by error code. */
  refusals: {
    expired_token: "Der Kopplungscode ist abgelaufen. Bitte starte die Kopplung neu.",
    access_denied: "Die Kopplung wurde abgelehnt.",
    invalid_grant: "Der Kopplungscode ist ungültig oder wurde schon verwendet. Bitte starte die Kopplung neu.",
  } as Readonly<Record<string, string>>,
  unreachable: (url: string, message: string) => `Server nicht erreichbar (${url}): ${message}`,
  startFailed: (status: number) => `Kopplung konnte nicht gestartet werden (HTTP ${status})`,
  unexpectedAnswer: (status: number) => `Unerwartete Antwort des Servers (HTTP ${status})`,
} as const;

/** Errors of the runner's config file. */
export const configFileMessages = {
  notJson: (file: string) => `Konfigurationsdatei ${file} ist kein gültiges JSON`,
  invalid: (file: string, problems: readonly string[]) => `Konfigurationsdatei ${file} ist ungültig: ${problems.join("; ")}`,
} as const;
