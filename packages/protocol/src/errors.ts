// The error body every REST failure answers with and the German messages behind it.
import { z } from "zod";

export const apiErrorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unprocessable",
  "too_many_requests",
  "internal",
  // Device flow (RFC 8628 names): the runner polls POST /api/dsbot-auth/token and reads these.
  "authorization_pending",
  "slow_down",
  "expired_token",
  "access_denied",
  "invalid_grant",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** German texts of the server's errors, one place for all of them. */
export const errorMessages = {
  badRequest: "Die Eingabe ist ungültig.",
  unauthorized: "Bitte melde dich an.",
  sessionExpired: "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.",
  invalidCredentials: "Benutzername oder Passwort ist falsch.",
  tooManyAttempts:
    "Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte einige Minuten und versuche es dann erneut.",
  forbidden: "Dafür fehlt dir die Berechtigung.",
  notFound: "Nicht gefunden.",
  routeNotFound: "Diese Adresse gibt es nicht.",
  userNotFound: "Der Benutzer wurde nicht gefunden.",
  usernameTaken: "Dieser Benutzername ist bereits vergeben.",
  lastAdmin: "Der letzte Administrator kann nicht gelöscht oder herabgestuft werden.",
  cannotDeleteSelf: "Du kannst dich nicht selbst löschen.",
  wrongCurrentPassword: "Das aktuelle Passwort ist falsch.",
  payloadTooLarge: "Die Anfrage ist zu groß.",
  internal: "Es ist ein interner Fehler aufgetreten. Bitte versuche es später erneut.",
  botNotFound: "Der Bot wurde nicht gefunden.",
  botAlreadyStarted: "Der Bot ist bereits gestartet.",
  botNotStarted: "Der Bot ist nicht gestartet.",
  botNotOnline: "Der Bot ist nicht online.",
  botNotPaused: "Der Bot ist nicht pausiert.",
  botNotProtected: "Der Bot wartet auf keinen gelösten Bot-Schutz.",
  botStopping: "Der Bot wird gerade gestoppt.",
  botNotConnected: "Der Bot ist nicht verbunden.",
  connectionNotOfBot: "Diese Verbindung gehört nicht zu diesem Bot.",
  connectionNotAllowed: "Dieser Runner darf den Bot nicht steuern.",
  botStatusNotAllowed: "Diesen Status darf der Bot nicht selbst setzen.",
  ownerHasAccess: "Der Besitzer hat bereits Zugriff auf den Bot.",
  ownerAccessNotRevocable: "Dem Besitzer kann der Zugriff nicht entzogen werden.",
  notificationNotFound: "Die Benachrichtigung wurde nicht gefunden.",
  moduleNotFound: "Das Modul wurde nicht gefunden.",
  runnerNotFound: "Der Runner wurde nicht gefunden.",
  deviceCodeNotFound: "Der Code wurde nicht gefunden.",
  playerSkillsNotFound: "Für diesen Spieler sind keine Skills gespeichert.",
  playerSkillsLimit: "Du hast die Höchstzahl an Spielern erreicht. Entferne zuerst einen.",
  playerSkillsUnknownPlayer: (name: string, world: string) => `Einen Spieler „${name}“ gibt es auf ${world} nicht.`,
  downloadNotAvailable: "Dieser Download ist auf diesem Server nicht verfügbar.",
  deviceCodeExpired: "Der Code ist abgelaufen. Bitte starte die Anmeldung im Runner erneut.",
  deviceCodeUsed: "Der Code wurde bereits verwendet.",
  deviceCodeInvalid: "Der Code ist ungültig oder wurde bereits eingelöst.",
  deviceAuthorizationPending: "Die Anmeldung wurde noch nicht bestätigt.",
  deviceSlowDown: "Bitte frage seltener nach.",
  deviceAccessDenied: "Die Anmeldung wurde abgelehnt.",
  tooManyRequests: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
  deviceCodeRateLimited: "Zu viele Anmeldecodes angefordert. Bitte warte eine Minute und versuche es dann erneut.",
  deviceCodesExhausted: "Gerade sind zu viele Anmeldungen offen. Bitte versuche es in einigen Minuten erneut.",
  invalidChars: "Die Eingabe enthält unzulässige Zeichen (z. B. ein Nullbyte).",
  inputTooDeep: "Die Eingabe ist zu tief verschachtelt.",
  unknownEvent: "Dieses Ereignis ist für diese Verbindung unbekannt.",
  attackNotReportable: "Dieser Angriff ist nicht diesem Bot zugeteilt oder wurde schon gemeldet.",
  botRunningSettings: "Spieler und Welt lassen sich nur ändern, solange der Bot nicht läuft. Stoppe ihn zuerst.",
} as const;
