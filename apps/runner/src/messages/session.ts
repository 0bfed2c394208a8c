// German texts of a running bot: the lines its session logs (locally and to the server's bot log).
import { moduleRegistry, type ModuleName } from "@dsbot/protocol";
import { num } from "./format.js";

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
  /** The game's bot protection met the bot during play (bot-protection.ts). */
  protectionMet: (error: string) => `Bot-Schutz im Spiel: ${error} Der Bot schickt keine Anfragen mehr, bis du ihn löst.`,
  protectionHeld: "Bot-Schutz: Der Bot schickt keine Anfragen, bis du ihn im Spiel löst und auf „Gelöst“ klickst.",
  protectionSolved: "Bot-Schutz gelöst: der Bot spielt weiter",
  protectionResumed: "Fortgesetzt ohne „Gelöst“: ist der Bot-Schutz noch da, hält der Bot bei der nächsten Anfrage wieder an",
  protectionRefused: (message: string) => `Bot-Schutz nicht an den Server gemeldet: ${message}`,
  clockOffset: (offset: number, rtt: number) => `Serveruhr: Abweichung ${offset} ms (Laufzeit ${rtt} ms)`,
  workLate: (ms: number) => `Zeitgenaue Aufgabe ${ms} ms zu spät begonnen: der Rechner war ausgelastet`,
  workFailed: (message: string) => `Geplante Aufgabe fehlgeschlagen: ${message}`,
  attacksRefused: (message: string) => `Angriffe nicht abgerufen: ${message}`,
  attackReportRefused: (message: string) => `Angriffsmeldung nicht übernommen: ${message}`,
  troopsRefused: (message: string) => `Truppenmeldung nicht übernommen: ${message}`,
  scavengeRefused: (message: string) => `Raubzug-Stand nicht übernommen: ${message}`,
  incomingsRefused: (message: string) => `Meldung der eingehenden Angriffe nicht übernommen: ${message}`,
  incomingsTooLarge: (n: number) => `Meldung mit ${n} eingehenden Angriffen ist zu groß für den Server und wird nicht gesendet`,
  troopsTooLarge: (villages: number) => `Truppenmeldung mit ${villages} Dörfern ist zu groß für den Server und wird nicht gesendet`,
  /** A line of the runner's own log about one bot. */
  botLine: (id: number, message: string) => `[Bot ${id}] ${message}`,
} as const;

/** The request budget's gate (request-meter.ts). */
export const budgetMessages = {
  spent: (requests: number, budget: number, minutes: number) =>
    `Anfragebudget erreicht: ${num(requests)} Anfragen in der letzten Stunde (Budget ${num(budget)}); die Module warten noch ${num(minutes)} min`,
  free: "Anfragebudget wieder frei: die Module laufen weiter",
} as const;
