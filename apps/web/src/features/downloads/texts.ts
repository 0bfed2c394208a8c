// German texts of the Downloads page (Dsbot runner and Userscript).
export const downloadsTexts = {
  dsbot: {
    title: "Dsbot",
    description: (nodeMajor: number) =>
      `Der Bot-Runner für deinen eigenen PC. Er läuft mit Node.js ${nodeMajor} oder neuer, wird über Dsbot Auth mit deinem Konto gekoppelt und startet deine Bots. Deine Spiel-Passwörter bleiben auf deinem PC.`,
    notBuilt: "Der Runner wurde auf diesem Server nicht gebaut (npm run build).",
    installTitle: "Installation",
    // In the order they work: the bot must exist (its Bot-ID) before `bots add` can name it.
    steps: {
      createBot: "Unter Bots einen Bot für deinen Spieler anlegen. Seine Bot-ID steht danach in der Liste und auf der Seite des Bots.",
      node: (nodeMajor: number) => `Node.js ${nodeMajor} oder neuer installieren:`,
      nodeLink: "nodejs.org",
      download: (fileName: string) => `${fileName} oben herunterladen und in einen eigenen Ordner legen.`,
      pair: "Im Ordner der Datei diesen PC mit deinem Konto koppeln:",
      pairConfirm: "Bestätige danach den angezeigten Code unter",
      pairConfirmLink: "Dsbot Auth",
      addBot: "Den Bot mit seiner Bot-ID eintragen:",
      addBotHint:
        "Die Bot-ID steht in der Liste unter Bots und auf der Seite des Bots. Als Spielername den Namen, den der Bot dort trägt. Spielername und Passwort bleiben auf deinem PC.",
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
    notBuilt: "Das Userscript wurde auf diesem Server nicht gebaut (npm run build).",
    installTitle: "Installation",
    steps: {
      manager: "Tampermonkey (oder Violentmonkey) im Browser installieren:",
      managerLink: "tampermonkey.net",
      install: (fileName: string) =>
        `${fileName} herunterladen (oben) und auf die Übersichtsseite von Tampermonkey ziehen. Tampermonkey zeigt das Skript mit seinen Rechten an – bestätige mit „Installieren“.`,
      server: "Im Spiel oben rechts im Kasten „dsbot“ die Einstellungen öffnen, diese Server-Adresse eintragen und auf „Koppeln“ klicken:",
      pairConfirm: "Bestätige den angezeigten Code unter",
      pairConfirmLink: "Dsbot Auth",
      pairHint: "Fragt Tampermonkey, ob das Skript deinen dsbot-Server erreichen darf, erlaube es. Das Kopplungs-Token bleibt im Speicher des Skripts; unter Dsbot Auth kannst du es jederzeit widerrufen.",
      use: "Der Kasten zeigt deine offenen Tab-Anfragen und die geplanten Angriffe des aktuellen Dorfes. „Tab öffnen“ führt zum Versammlungsplatz: Ziel und Einheiten sind eingetragen, darüber läuft der Countdown bis zur Abschickzeit. Abschicken musst du selbst.",
    },
    copyServer: "Server-Adresse kopieren",
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
