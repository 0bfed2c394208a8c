// German texts of the `dsbot` command line, one group per command.

export const cliMessages = {
  main: {
    help: (version: string) => `Dsbot ${version} – der Bot-Runner für dsbot

Verwendung:
  dsbot pair --server URL [--name NAME]     Diesen PC mit deinem Konto koppeln
  dsbot run [--seed N] [--time-scale N] [--economy-speed N] [--unit-speed N]
            [--bot-protection-per-hour N] [--verbose]
                                            Bots in der Sandbox-Welt ausführen (Strg+C beendet);
                                            --seed wählt die Welt (Standard 231: die Demo-Welt),
                                            --economy-speed lässt Produktion, Bau und Rekrutierung
                                            schneller laufen (Laufzeiten der Truppen bleiben),
                                            --unit-speed die Einheitengeschwindigkeit der Welt
                                            (wie ihre Konfiguration auf dem Server, Standard 1),
                                            --bot-protection-per-hour wie oft der Bot-Schutz
                                            im Spiel auftaucht (je Spielstunde, Standard 0)
  dsbot bots add --id N --player NAME --password PW
                                            Lokalen Bot eintragen (Zugangsdaten bleiben auf diesem PC)
  dsbot bots list                           Lokale Bots anzeigen
  dsbot --help                              Diese Hilfe

Gemeinsame Optionen:
  --config PATH   Konfigurationsdatei (Standard: $DSBOT_RUNNER_CONFIG oder ~/.dsbot/runner.json)`,
    unknownCommand: (args: string) => `Unbekannter Befehl „${args}“. Hilfe: dsbot --help`,
    unknownOption: (option: string) => `Unbekannte Option ${option}`,
    invalidValue: (option: string) => `Ungültiger Wert für ${option}`,
    invalidArguments: (message: string) => `Ungültige Argumente (${message})`,
    /** An argument problem with the pointer to the help. */
    withHelp: (problem: string) => `${problem}. Hilfe: dsbot --help`,
  },
  pair: {
    serverMissing: "Bitte gib den Server an: dsbot pair --server https://…",
    pairing: (name: string, server: string) => `Kopple „${name}“ mit ${server} …`,
    code: (userCode: string) => `Dein Kopplungscode: ${userCode}`,
    confirm: (link: string, minutes: number) => `Öffne ${link} und bestätige den Code (gültig ${minutes} Minuten).`,
    waiting: "Warte auf Bestätigung …",
    paired: (name: string, configPath: string) => `Gekoppelt als „${name}“. Gespeichert in ${configPath}`,
  },
  run: {
    notPositive: (flag: string) => `${flag} muss eine positive Zahl sein`,
    notNonNegative: (flag: string) => `${flag} muss eine Zahl ab 0 sein`,
    notPaired: "Nicht gekoppelt. Bitte zuerst: dsbot pair --server URL",
    noBots: "Keine lokalen Bots eingetragen (dsbot bots add …); der Runner verbindet sich trotzdem.",
  },
  bots: {
    addUsage: "Bitte gib --id (Bot-ID aus dem Dashboard), --player und --password an.",
    saved: (id: number, player: string) => `Bot ${id} (${player}) gespeichert.`,
    none: "Keine Bots eingetragen. Hinzufügen: dsbot bots add --id N --player NAME --password PW",
    listed: (id: number, player: string) => `Bot ${id}: ${player}`,
  },
} as const;
