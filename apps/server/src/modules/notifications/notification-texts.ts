// The German texts of the notifications the server writes, one place for all of them.
import type { BotNeedsPlayerReason, Unit } from "@dsbot/protocol";
import { alertDeliveryMessages, unitLabels } from "@dsbot/protocol";
import type { NotificationContent } from "./notifications.service.js";

const needsPlayerTexts: Record<BotNeedsPlayerReason, string> = {
  captcha: "Captcha – bitte löse es im Spiel, dann läuft der Bot weiter.",
  bot_protection: "Bot-Schutz – bitte bestätige im Spiel, dass du kein Bot bist.",
  invalid_credentials: "Die Anmeldung im Spiel ist fehlgeschlagen – bitte prüfe die Zugangsdaten im Runner.",
};

/** A bot's day in figures: what its runner counted, and its plans' attacks by their outcome. */
export interface DailyReportFigures {
  haul: { wood: number; stone: number; iron: number };
  buildings: number;
  units: [Unit, number][];
  /** Attack commands the bot sent (farm runs and timed sends). */
  commands: number;
  planSent: number;
  planFailed: number;
  /** Raubzug squads sent and what they bring (the three resources together). */
  scavenge: { squads: number; haul: number };
}

export const notificationTexts = {
  botOffline: (playerName: string): NotificationContent => ({
    title: "Bot offline",
    alert: "bot-offline",
    message: `Der Bot "${playerName}" hat die Verbindung verloren und ist nun offline.`,
  }),
  botStartFailed: (playerName: string): NotificationContent => ({
    title: "Start fehlgeschlagen",
    alert: "bot-offline",
    message: `Der Bot "${playerName}" hat sich nach dem Start nicht gemeldet und ist nun offline. Läuft der Dsbot auf deinem Rechner?`,
  }),
  botStopUnconfirmed: (playerName: string): NotificationContent => ({
    title: "Bot offline",
    alert: "bot-offline",
    message: `Der Bot "${playerName}" hat den Stopp nicht bestätigt und wurde offline gesetzt.`,
  }),
  botNeedsPlayer: (playerName: string, reason: BotNeedsPlayerReason, detail?: string): NotificationContent => ({
    title: "Bot braucht dich",
    alert: reason === "invalid_credentials" ? "bot-offline" : "bot-protection",
    message: `Der Bot "${playerName}" braucht dich: ${needsPlayerTexts[reason]}${detail ? ` Meldung des Bots: ${detail}` : ""}`,
  }),
  accessGranted: (playerName: string, grantedBy: string): NotificationContent => ({
    title: "Zugriff erhalten",
    message: `${grantedBy} hat dir Zugriff auf den Bot "${playerName}" gegeben. Du findest ihn unter Bots.`,
  }),
  accessRevoked: (playerName: string, revokedBy: string): NotificationContent => ({
    title: "Zugriff entzogen",
    message: `${revokedBy} hat dir den Zugriff auf den Bot "${playerName}" entzogen.`,
  }),
  planAccessGranted: (planName: string, grantedBy: string, edit: boolean): NotificationContent => ({
    title: "Angriffsplan geteilt",
    message: `${grantedBy} hat den Angriffsplan "${planName}" mit dir geteilt (${edit ? "Bearbeiten" : "Nur ansehen"}). Du findest ihn unter Angriffspläne.`,
  }),
  planAccessRevoked: (planName: string, revokedBy: string): NotificationContent => ({
    title: "Zugriff entzogen",
    message: `${revokedBy} hat dir den Zugriff auf den Angriffsplan "${planName}" entzogen.`,
  }),
  /** A noble on its way to one of the user's villages (the scanners' incomings; the demo shows one). */
  nobleIncoming: (village: string, attacker: string, origin: string, arrival: string): NotificationContent => ({
    title: "Adelung erkannt",
    alert: "noble-train",
    message: `Auf dein Dorf ${village} läuft ein Angriff mit Adelsgeschlecht von ${attacker} aus ${origin}, Ankunft ${arrival} (Serverzeit). Schicke Unterstützung oder plane einen Rückadel.`,
  }),
  /** Attacks (no fakes) on the user's villages landing within their rule's lead ("attack-soon"). */
  attackSoon: (count: number, lead: number, village: string, attacker: string, origin: string, arrival: string): NotificationContent => ({
    title: "Angriff in Kürze",
    alert: "attack-soon",
    message: `${count === 1 ? "Ein Angriff kommt" : `${count} Angriffe kommen`} in den nächsten ${lead} Minuten an: ${count === 1 ? "auf" : "der erste auf"} ${village} von ${attacker} aus ${origin}, Ankunft ${arrival} (Serverzeit).`,
  }),
  /** Open attack tab requests whose send time is within the user's rule's lead ("tab-request-due"). */
  tabRequestDue: (count: number, lead: number, from: string, to: string, send: string): NotificationContent => ({
    title: "Tab-Anfrage fällig",
    alert: "tab-request-due",
    message: `${count === 1 ? "Eine Tab-Anfrage ist" : `${count} Tab-Anfragen sind`} in den nächsten ${lead} Minuten abzuschicken: ${count === 1 ? "von" : "die erste von"} ${from} nach ${to}, Abschickzeit ${send} (Serverzeit).`,
  }),
  /** A tribe member's village needs support (to coordinators and to members who could help in time). */
  supportRequested: (member: string, village: string, neededBy: string, need: string): NotificationContent => ({
    title: "Unterstützung angefordert",
    alert: "defence-request",
    message: `${member} braucht Unterstützung in ${village} bis ${neededBy}: ${need}.`,
  }),
  /**
   * A request's attack landed: what arrived in time, in the need's measure (`unitsAsked`: the asked
   * units are counted one by one, not their population).
   */
  supportRequestClosed: (member: string, village: string, arrived: number, requested: number, unitsAsked: boolean, troubled: number): NotificationContent => {
    const measure = unitsAsked ? "der angeforderten Einheiten" : "Einwohner Verteidigung";
    const late = troubled === 0 ? "" : ` ${troubled === 1 ? "1 Unterstützung kam" : `${troubled} Unterstützungen kamen`} zu spät oder gar nicht.`;
    return {
      title: "Unterstützungsanfrage abgeschlossen",
      message: `Der Angriff auf ${village} (${member}) ist angekommen. Rechtzeitig da: ${arrived.toLocaleString("de-DE")} von ${requested.toLocaleString("de-DE")} ${measure}.${late}`,
    };
  },
  defenceAssigned: (coordinator: string, count: number, village: string, firstSend: string): NotificationContent => ({
    title: "Verteidigungsbefehle vom Stamm",
    alert: "support-assigned",
    message: `${coordinator} hat dir ${count === 1 ? "1 Unterstützung" : `${count} Unterstützungen`} für ${village} zugeteilt. Erste Abschickzeit: ${firstSend}.`,
  }),
  /**
   * "Was hat Kalle heute getan?": a bot's day so far (the daily report), `day` as "DD.MM.YYYY" and `at`
   * as "HH:MM" of the world's server time.
   */
  dailyReport: (playerName: string, day: string, at: string, report: DailyReportFigures): NotificationContent => {
    const n = (value: number) => value.toLocaleString("de-DE");
    const units = report.units.filter(([, count]) => count > 0);
    const trained = units.reduce((sum, [, count]) => sum + count, 0);
    const haul = report.haul.wood + report.haul.stone + report.haul.iron;
    // A figure of nothing is left out; the attacks always stand.
    const lines = [
      haul > 0 ? `Beute: ${n(report.haul.wood)} Holz, ${n(report.haul.stone)} Lehm, ${n(report.haul.iron)} Eisen.` : "",
      report.scavenge.squads > 0
        ? `Raubzug: ${report.scavenge.squads === 1 ? "1 Trupp" : `${n(report.scavenge.squads)} Trupps`} losgeschickt, ${n(report.scavenge.haul)} Rohstoffe erwartet.`
        : "",
      report.buildings > 0 ? `Gebäude: ${report.buildings === 1 ? "1 Stufe" : `${n(report.buildings)} Stufen`} in Auftrag gegeben.` : "",
      trained > 0 ? `Einheiten: ${n(trained)} in Auftrag gegeben (${units.map(([unit, count]) => `${n(count)} ${unitLabels[unit]}`).join(", ")}).` : "",
      `Angriffe: ${n(report.commands)} losgeschickt; aus Angriffsplänen ${n(report.planSent)} geschickt, ${n(report.planFailed)} fehlgeschlagen.`,
    ].filter((line) => line !== "");
    return {
      title: `Was hat ${playerName} heute getan?`,
      alert: "daily-report",
      message: `Tagesbericht vom ${day}, Stand ${at} Uhr (Serverzeit). ${lines.join(" ")}`,
    };
  },
  /** An alert that did not reach its channel after the last attempt (no alert itself). */
  alertGaveUp: (title: string, channel: string, attempts: number, error: string): NotificationContent => ({
    title: "Benachrichtigung nicht zugestellt",
    message: alertDeliveryMessages.gaveUp(title, channel, attempts, error),
  }),
  /** Attacks no running bot can send became tab requests (the unread one on the topic counts on). */
  attacksToTabRequests: (count: number): NotificationContent => ({
    title: "Von Hand schicken",
    alert: "attack-failed",
    message: `${count === 1 ? "Einen Angriff kann gerade kein laufender Bot schicken – er steht" : `${count} Angriffe kann gerade kein laufender Bot schicken – sie stehen`} unter Tab Anfragen. Schicke ${count === 1 ? "ihn" : "sie"} vor der Abschickzeit selbst.`,
  }),
  attackFailed: (planName: string, source: string, target: string, error: string): NotificationContent => ({
    title: "Angriff fehlgeschlagen",
    alert: "attack-failed",
    message: `Der Angriff von ${source} auf ${target} im Angriffsplan "${planName}" ist fehlgeschlagen: ${error}`,
  }),
  /** Expired, not failed: a bot had taken the attack and never reported whether it went. */
  attackUnreported: (planName: string, source: string, target: string, botName: string, minutes: number): NotificationContent => ({
    title: "Angriff abgelaufen",
    alert: "attack-failed",
    message: `Der Bot "${botName}" hat den Angriff von ${source} auf ${target} im Angriffsplan "${planName}" übernommen, aber bis ${minutes} Minuten nach der Abschickzeit nicht gemeldet, ob er geschickt wurde. Bitte sieh im Spiel nach.`,
  }),
  attacksUnreported: (planName: string, count: number, botNames: readonly string[], minutes: number): NotificationContent => ({
    title: "Angriffe abgelaufen",
    alert: "attack-failed",
    message: `${botNames.length === 1 ? `Der Bot "${botNames[0]}" hat` : `Die Bots ${botNames.map((n) => `"${n}"`).join(", ")} haben`} ${count} Angriffe im Angriffsplan "${planName}" übernommen, aber bis ${minutes} Minuten nach der Abschickzeit nicht gemeldet, ob sie geschickt wurden. Bitte sieh im Spiel nach.`,
  }),
} as const;
