// German texts of Raubzug.
import { scavengeOptions, type ScavengeOptionId } from "@dsbot/protocol";
import { formatDate } from "@/lib/dates";
import type { DataSources } from "./lib/data-sources";

const number = (n: number) => Math.round(n).toLocaleString("de-DE");

export const scavengeTexts = {
  tableLabel: "Raubzug je Dorf",
  importOverview: "Truppenübersicht einfügen",
  noScavenging: "Diese Welt hat keine Raubzüge.",
  noScavengingHint: "Auf dieser Welt gibt es keine Sammler: hier ist nichts zu planen.",
  emptyTitle: "Noch keine Truppen",
  emptyHint:
    "Der Raubzug rechnet mit den Truppen im Dorf. Starte einen Bot mit dem Modul „Inventur“ (es scannt die Truppen deiner Dörfer) oder füge die Truppenübersicht aus dem Spiel ein – das geht auch ohne Bot.",
  emptyFiltered: "Kein Dorf passt zur Suche.",
  worldUnknown:
    "Die Einstellungen deiner Welt sind noch nicht bekannt: gerechnet wird mit Weltgeschwindigkeit 1 und der üblichen Tragkraft der Einheiten.",
  search: "Dorf suchen",
  /** "Quellen: Bot Kalle, eingefügte Übersicht · Stand 27.11.26 08:00 bis 27.11.26 09:00 (Serverzeit)". */
  sources: ({ bots, pasted, oldest, newest }: DataSources) => {
    const names = [...bots.map((name) => `Bot ${name}`), ...(pasted ? ["eingefügte Übersicht"] : [])];
    const age = oldest === newest ? formatDate(oldest) : `${formatDate(oldest)} bis ${formatDate(newest)}`;
    return `Quellen: ${names.join(", ")} · Stand ${age} (Serverzeit)`;
  },
  options: Object.fromEntries(scavengeOptions.map((o) => [o.id, o.name])) as Record<ScavengeOptionId, string>,
  columns: {
    village: "Dorf",
    perRun: "Pro Lauf",
    perHour: "Pro Stunde",
    perDay: "Pro Tag",
    actions: "",
  },
  sortBy: "Sortieren nach",
  sortChoice: (column: string, descending: boolean) => `${column} ${descending ? "absteigend" : "aufsteigend"}`,
  settings: {
    title: "Einstellungen",
    description: "Gelten für alle Dörfer; einzelne Dörfer passt du in der Tabelle an. Sie bleiben in diesem Browser.",
    measure: "Aufteilung",
    perHour: "pro Stunde",
    perRun: "pro Lauf",
    measureHintHour: "Die meisten Rohstoffe pro Stunde, wenn jeder Trupp nach seiner Rückkehr gleich wieder losgeht.",
    measureHintRun: "Die meisten Rohstoffe in einem Lauf, jeder Trupp zurück innerhalb der Höchstdauer.",
    maxDuration: "Höchstdauer (Std:Min)",
    maxDurationInvalid: "Bitte als Std:Min angeben, z. B. 2:30 (höchstens 99:59).",
    unlocked: "Freigeschaltete Sammler",
    unlockedHint: "Dörfer, die ein Bot mit dem Modul „Raubzug“ gelesen hat, nutzen die dort freigeschalteten Sammler und planen nur Sammler ohne Trupp unterwegs.",
    keep: "Im Dorf lassen",
    keepHint: "Je Einheit eine feste Anzahl und ein Anteil; es bleibt das Größere von beidem im Dorf.",
    keepShare: "Anteil im Dorf (%)",
    reset: "Zurücksetzen",
  },
  totals: {
    label: "Summe aller Dörfer",
    perHour: "Pro Stunde",
    perDay: "Pro Tag",
    perRun: "Pro Lauf",
    perResource: (n: number) => `je Rohstoff ${number(n)}`,
    villages: (planned: number, all: number) => `${number(planned)} von ${number(all)} ${all === 1 ? "Dorf" : "Dörfern"} sammeln`,
    busy: (n: number, haul: number) => ` · in ${number(n)} ${n === 1 ? "Dorf" : "Dörfern"} sind Trupps unterwegs, sie bringen ${number(haul)} Rohstoffe`,
  },
  squad: {
    none: "–",
    locked: "Nicht freigeschaltet",
    back: (time: string) => `zurück ${time}`,
    backTitle: "Rückkehr bei Abschicken jetzt (Serverzeit)",
    out: "Unterwegs",
    outBack: (time: string) => `zurück ${time}`,
    outHaul: (n: number) => `bringt ${number(n)}`,
    outTitle: "Rückkehr des Trupps, den der Bot geschickt hat (Serverzeit)",
    unlocking: (time: string) => `Wird freigeschaltet bis ${time}`,
    duration: "Dauer",
  },
  village: {
    excluded: "Ausgeschlossen",
    nothing: "Keine Truppen zum Sammeln",
    adjusted: "Angepasst",
    busy: "Unterwegs",
    game: (player: string, date: string) => `Raubzug gelesen von Bot ${player}, ${date}`,
  },
  override: {
    open: (name: string) => `${name} anpassen`,
    title: (name: string) => `Raubzug in ${name}`,
    exclude: "Dieses Dorf nicht planen",
    ownOptions: "Eigene Sammler für dieses Dorf",
    ownKeep: "Eigene Truppen im Dorf lassen",
    atHome: "Im Dorf: Einheiten, die sammeln können",
    reset: "Wie alle Dörfer",
    done: "Fertig",
  },
  number,
} as const;
