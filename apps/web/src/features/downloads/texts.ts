// German texts of the Downloads page (Dsbot runner and Userscript, PRODUCT §1 and §6).
export const downloadsTexts = {
  dsbot: {
    title: "Dsbot",
    description: (nodeMajor: number) =>
      `Der Bot-Runner für deinen eigenen PC. Er läuft mit Node.js ${nodeMajor} oder neuer, wird über Dsbot Auth mit deinem Konto gekoppelt und startet deine Bots. Deine Spiel-Passwörter bleiben auf deinem PC.`,
    notBuilt: "Der Runner wurde auf diesem Server nicht gebaut (npm run build).",
    installTitle: "Installation",
    steps: {
      node: (nodeMajor: number) => `Node.js ${nodeMajor} oder neuer installieren:`,
      nodeLink: "nodejs.org",
      pair: "Im Ordner der Datei diesen PC mit deinem Konto koppeln:",
      pairConfirm: "Bestätige danach den angezeigten Code unter",
      pairConfirmLink: "Dsbot Auth",
      addBot: "Einen Bot eintragen:",
      addBotHint: "Die Bot-ID steht in der Liste unter Bots und auf der Seite des Bots. Spielername und Passwort bleiben auf deinem PC.",
      botsLink: "Zu den Bots",
      run: "Die Bots starten:",
      runHint: "Lass das Fenster offen, solange deine Bots laufen sollen. Strg+C beendet den Runner.",
    },
    placeholders: { botId: "<Bot-ID>", player: "<Spielername>", password: "<Passwort>" },
    verifyTitle: "Datei prüfen (optional)",
    verifyHint: "Die Ausgabe muss den SHA-256 von oben zeigen (Groß- und Kleinschreibung spielen keine Rolle).",
    verifyLinux: "Linux",
    verifyMac: "macOS",
    verifyWindows: "Windows (PowerShell)",
    copy: {
      pair: "Befehl zum Koppeln kopieren",
      addBot: "Befehl zum Eintragen eines Bots kopieren",
      run: "Befehl zum Starten kopieren",
      verifyLinux: "Prüfbefehl für Linux kopieren",
      verifyMac: "Prüfbefehl für macOS kopieren",
      verifyWindows: "Prüfbefehl für Windows kopieren",
    },
  },
  userscript: {
    title: "Userscript",
    description:
      "Ein Tampermonkey-Skript für deinen eigenen Spiel-Tab: Es zeigt die offenen Tab-Anfragen und Angriffe zum aktuellen Dorf und füllt den Versammlungsplatz aus dem Link einer Tab-Anfrage aus. Abschicken musst du selbst – das Skript klickt nie auf Senden.",
    comingTitle: "Kommt mit den Tab-Anfragen",
    comingText: "Das Userscript wird zusammen mit den Tab-Anfragen ausgeliefert. Bis dahin gibt es hier nichts herunterzuladen.",
  },
  file: {
    version: "Version",
    size: "Größe",
    sizeBytes: (bytes: string) => `${bytes} Bytes`,
    fileName: "Datei",
    sha256: "SHA-256",
    copySha: "SHA-256 kopieren",
    download: "Herunterladen",
  },
  selected: "Ausgewählt",
  loadingLabel: "Downloads werden geladen",
} as const;
