// Alerts outside the browser (Discord, Telegram, a webhook of one's own): the channel kinds and the
// German texts of a delivery's outcome, as the channel's delivery log shows them.

export const alertChannelKinds = ["discord", "telegram", "webhook"] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

export const alertChannelKindLabels: Record<AlertChannelKind, string> = {
  discord: "Discord",
  telegram: "Telegram",
  webhook: "Webhook",
};

/** The delivery's outcome in the delivery log (and in the bell after the last failed attempt). */
export const alertDeliveryMessages = {
  targetRefused: {
    scheme: "Ziel nicht erlaubt: nur http- und https-Adressen.",
    credentials: "Ziel nicht erlaubt: Benutzername oder Passwort in der Adresse.",
    port: "Ziel nicht erlaubt: nur die Ports 80, 443, 8080 und 8443.",
    private: "Ziel nicht erlaubt: die Adresse ist privat, lokal oder gehört zum Rechenzentrum.",
    unresolved: "Ziel nicht gefunden: der Name lässt sich nicht auflösen.",
  },
  redirect: (status: number) => `Weiterleitungen werden nicht verfolgt (HTTP ${status}).`,
  rejected: (status: number) => `Vom Empfänger abgelehnt (HTTP ${status}).`,
  serverError: (status: number) => `Fehler beim Empfänger (HTTP ${status}).`,
  rateLimited: (seconds: number) => `Zu viele Nachrichten: nächster Versuch in ${seconds.toLocaleString("de-DE", { maximumFractionDigits: 1 })} s (HTTP 429).`,
  noAnswer: (detail: string) => `Keine Antwort vom Empfänger: ${detail}`,
  unreadable: "Die Zugangsdaten des Kanals lassen sich nicht mehr lesen (anderer Schlüssel?). Bitte richte den Kanal neu ein.",
  gaveUp: (title: string, channel: string, attempts: number, error: string) =>
    `Die Nachricht „${title}“ über „${channel}“ kam nach ${attempts} ${attempts === 1 ? "Versuch" : "Versuchen"} nicht an: ${error}`,
} as const;
