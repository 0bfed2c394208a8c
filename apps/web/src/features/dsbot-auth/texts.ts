// German texts of the Dsbot Auth page (pair the runner, list and revoke paired runners).
export const dsbotAuthTexts = {
  pairCard: "Runner verbinden",
  pairHint: "Gib den Code ein, den der Dsbot auf deinem Rechner anzeigt. Danach kann er deine Bots starten.",
  codeLabel: "Code",
  codePlaceholder: "ABCD-EFGH",
  approve: "Verbinden",
  deny: "Ablehnen",
  approved: (name: string) => `Der Runner "${name}" ist jetzt mit deinem Konto verbunden.`,
  approvedUserscript: (name: string) => `Das Userscript "${name}" ist jetzt gekoppelt. Es liest nur deine Tab-Anfragen und Angriffe.`,
  denied: "Die Anmeldung wurde abgelehnt.",
  prefilled: "Der Code wurde aus dem Link übernommen. Prüfe, ob er mit dem Code im Dsbot übereinstimmt.",
  stepsTitle: "So verbindest du den Dsbot",
  steps: {
    download: "Lade den Dsbot herunter: eine Datei (dsbot.mjs), die mit Node.js läuft.",
    pair: "Starte auf deinem Rechner:",
    enter: "Gib den angezeigten Code hier ein oder öffne den Link, den der Dsbot ausgibt.",
    // `dsbot bots add` (apps/runner/src/cli/bots-command.ts): the id of a bot created under Bots.
    add: "Trage deinen Bot mit seiner Bot-ID ein (sie steht unter Bots):",
    run: "Starte danach die Bots mit:",
  },
  downloadLink: "Zu den Downloads",
  runnersCard: (count: number) => `Verbundene Runner (${count})`,
  runnersHint: "Jeder Runner hat ein eigenes Token. Widerrufen trennt ihn sofort, seine Bots gehen offline.",
  runnersEmpty: "Noch kein Runner verbunden",
  runnersEmptyHint: "Verbinde den Dsbot mit dem Code oben.",
  runnersLabel: "Verbundene Runner",
} as const;
