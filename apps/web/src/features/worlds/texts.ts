// German texts of the world administration (Welten).
const count = new Intl.NumberFormat("de-DE");
const villages = (n: number) => (n === 1 ? "1 Dorf" : `${count.format(n)} Dörfer`);
const allies = (n: number) => (n === 1 ? "1 Stamm" : `${count.format(n)} Stämme`);

export const worldTexts = {
  add: "Welt hinzufügen",
  tableLabel: "Bekannte Welten",
  columns: {
    world: "Welt",
    villages: "Dörfer",
    players: "Spieler",
    allies: "Stämme",
    lastImport: "Letzter Import",
    lastSync: "Letzter Abgleich",
    sync: "Abgleich",
    actions: "Aktionen",
  },
  empty: "Noch keine Welt bekannt.",
  emptyHint: "Füge eine Welt hinzu und importiere ihre Dateien – oder gleiche sie mit dem Spiel ab.",
  never: "Nie",
  syncOff: "Aus",
  syncSwitch: (world: string) => `Abgleich mit dem Spiel für ${world}`,
  syncEnabled: (world: string) => `${world} wird wieder stündlich mit dem Spiel abgeglichen.`,
  syncDisabled: (world: string) => `${world} wird nicht mehr mit dem Spiel abgeglichen.`,
  syncHint: "Ist der Abgleich an, holt der Server die Dateien der Welt gleich nach dem Hinzufügen, beim Start und stündlich aus dem Spiel.",
  importFiles: "Dateien importieren",
  syncNow: "Jetzt abgleichen",
  syncRunning: "Abgleich läuft …",
  synced: (world: string, villageCount: number) => `${world} ist abgeglichen: ${villages(villageCount)}.`,
  syncFailed: (world: string) => `Der Abgleich von ${world} ist fehlgeschlagen.`,
  created: (world: string) => `Die Welt ${world} wurde hinzugefügt.`,
  server: "Server",
  world: "Welt",
  save: "Hinzufügen",
  cancel: "Abbrechen",
  importTitle: (world: string) => `Dateien importieren – ${world}`,
  importHint:
    "Die Dateien, wie das Spiel sie nennt: village.txt, player.txt und ally.txt (auch als .gz), dazu optional get_config.xml und get_unit_info.xml. Der Import ersetzt die Daten der Welt vollständig.",
  filesLabel: "Weltdateien",
  filesPlaceholder: "Dateien auswählen …",
  missingFiles: (names: readonly string[]) => `Es fehlen noch: ${names.join(", ")}.`,
  unknownFiles: (names: readonly string[]) => `Unbekannte Dateien: ${names.join(", ")}.`,
  startImport: "Importieren",
  uploading: (percent: number) => `Hochladen … ${percent} %`,
  importing: "Importiere … Der Server prüft und schreibt die Daten.",
  imported: (world: string, villageCount: number, players: number, allyCount: number, seconds: string) =>
    `${world}: ${villages(villageCount)}, ${count.format(players)} Spieler und ${allies(allyCount)} importiert (${seconds} s).`,
  importFailedTitle: "Import abgelehnt – die bisherigen Daten bleiben erhalten",
  number: (value: number) => count.format(value),
} as const;
