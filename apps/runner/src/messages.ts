// German texts of the runner: its own log and the bot log lines it sends to the server.
import { moduleRegistry, type ModuleName } from "@dsbot/protocol";

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

export const sessionMessages = {
  loggedIn: (player: string) => `Im Spiel angemeldet als ${player}`,
  loginFailed: (error: string) => `Anmeldung im Spiel fehlgeschlagen: ${error}`,
  moduleApplied: (name: ModuleName, enabled: boolean) => `Modul „${moduleRegistry[name].label}“ übernommen (${enabled ? "aktiv" : "inaktiv"})`,
  moduleInvalid: (name: ModuleName, message: string) => `Modul „${moduleRegistry[name].label}“: ungültige Einstellungen (${message})`,
  moduleFailed: (name: ModuleName, message: string) => `Modul „${moduleRegistry[name].label}“: Fehler: ${message}`,
  statusRefused: (message: string) => `Status nicht übernommen: ${message}`,
  needsPlayerRefused: (message: string) => `Hinweis an den Spieler nicht übermittelt: ${message}`,
  connectRefused: (message: string) => `Bot-Verbindung abgelehnt: ${message}`,
  connectionLost: (reason: string) => `Verbindung des Bots getrennt (${reason})`,
  connectionInterrupted: (reason: string) => `Verbindung des Bots unterbrochen (${reason}), verbinde neu …`,
  reconnected: "Wieder mit dem Server verbunden",
  endedByServer: "Vom Server beendet (Zwangsstopp oder Zugriff entzogen)",
  stopped: "Gestoppt",
  forceStopped: "Zwangsgestoppt",
  paused: "Pausiert",
  resumed: "Fortgesetzt",
  clockOffset: (offset: number, rtt: number) => `Serveruhr: Abweichung ${offset} ms (Laufzeit ${rtt} ms)`,
  workLate: (ms: number) => `Zeitgenaue Aufgabe ${ms} ms zu spät begonnen: der Rechner war ausgelastet`,
  workFailed: (message: string) => `Geplante Aufgabe fehlgeschlagen: ${message}`,
  attacksRefused: (message: string) => `Angriffe nicht abgerufen: ${message}`,
  attackReportRefused: (message: string) => `Angriffsmeldung nicht übernommen: ${message}`,
  troopsRefused: (message: string) => `Truppenmeldung nicht übernommen: ${message}`,
  incomingsRefused: (message: string) => `Meldung der eingehenden Angriffe nicht übernommen: ${message}`,
  incomingsTooLarge: (n: number) => `Meldung mit ${n} eingehenden Angriffen ist zu groß für den Server und wird nicht gesendet`,
  troopsTooLarge: (villages: number) => `Truppenmeldung mit ${villages} Dörfern ist zu groß für den Server und wird nicht gesendet`,
} as const;
