// The German messages of the war room's text parsers (sos-parser.ts, troops-overview-parser.ts) and the
// list both report their problems in: one entry per problem with the 1-based line of the pasted text
// (0 = the text as a whole), the message already starting with "Zeile N: ".
import { serverTimeMessages } from "../game/server-time.js";

/** One problem of a pasted text. `line` is 1-based; 0 means the text as a whole. */
export interface WarRoomParseError {
  line: number;
  message: string;
}

/** At most this many problems are listed; the rest are counted in one last entry (line 0). */
export const WAR_ROOM_PARSE_MAX_ERRORS = 100;
/** The largest unit count a pasted text may carry (as unitCountsSchema allows). */
export const WAR_ROOM_PARSE_MAX_UNIT_COUNT = 1_000_000;

const de = (n: number) => n.toLocaleString("de-DE");
const at = (line: number) => `Zeile ${line}: `;

/** Text quoted in a message: printable, at most 40 characters. */
export function clipWarRoomText(text: string): string {
  const printable = text.replace(/\p{Cc}/gu, " ").trim();
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

export const warRoomParseMessages = {
  moreErrors: (n: number) => (n === 1 ? "… und 1 weiterer Fehler." : `… und ${de(n)} weitere Fehler.`),
  coordRange: (line: number, text: string) => `${at(line)}Die Koordinate „${text}“ liegt nicht zwischen 0|0 und 999|999.`,
  unitCount: (line: number, label: string, text: string, max: number) =>
    `${at(line)}„${clipWarRoomText(text)}“ ist keine gültige Anzahl für ${label} (ganze Zahl von 0 bis ${de(max)}).`,
} as const;

export const sosParseMessages = {
  tooLong: (max: number) => `Der SOS-Text ist zu lang: höchstens ${de(max)} Zeichen.`,
  tooManyIncomings: (max: number) => `Der SOS-Text enthält mehr als ${de(max)} Angriffe. Bitte füge ihn in kleineren Teilen ein.`,
  noContent: "Kein „Angegriffenes Dorf“ mit einem Angriff gefunden. Bitte kopiere die SOS-Anfrage aus dem Spiel.",
  attackBeforeTarget: (line: number) => `${at(line)}Dieser Angriff steht vor dem ersten „Angegriffenes Dorf“ – das Ziel ist unbekannt.`,
  targetMissing: (line: number) => `${at(line)}Nach „Angegriffenes Dorf“ fehlt die Koordinate des Dorfs.`,
  fieldOutsideAttack: (line: number, field: string) => `${at(line)}„${field}“ gehört zu keinem Angriff (es fehlt die Überschrift „1. Angriff“).`,
  fieldTwice: (line: number, field: string) => `${at(line)}„${field}“ steht zweimal im selben Angriff (fehlt davor eine Überschrift „… Angriff“?).`,
  originMissing: (line: number) => `${at(line)}Bei diesem Angriff fehlt „Herkunft:“ mit der Koordinate des angreifenden Dorfs.`,
  originNoCoord: (line: number, text: string) => `${at(line)}Herkunft „${clipWarRoomText(text)}“ enthält keine Koordinate.`,
  arrivalMissing: (line: number) => `${at(line)}Bei diesem Angriff fehlt die „Ankunftszeit:“.`,
  arrivalFormat: (line: number, text: string) =>
    `${at(line)}Ankunftszeit „${clipWarRoomText(text)}“ ist keine Zeit im Format TT.MM.JJ HH:mm:ss:SSS.`,
  arrivalInvalid: (line: number, text: string) => `${at(line)}Ankunftszeit „${clipWarRoomText(text)}“ ist kein gültiges Datum.`,
  arrivalSkipped: (line: number, text: string, zone: string) => `${at(line)}Ankunftszeit „${clipWarRoomText(text)}“: ${serverTimeMessages.skipped(zone)}`,
  /** `question` is serverTimeMessages.repeated (it names the time and both choices). */
  arrivalRepeated: (line: number, question: string) => `${at(line)}Ankunftszeit ${question}`,
  wallLevel: (line: number, text: string) => `${at(line)}Stufe des Walls „${clipWarRoomText(text)}“ ist keine ganze Zahl von 0 bis 20.`,
  unknownUnit: (line: number, name: string) => `${at(line)}Unbekannte Einheit „${clipWarRoomText(name)}“ bei den anwesenden Truppen.`,
  attackerTooLong: (line: number, max: number) => `${at(line)}Der Name des Angreifers ist länger als ${max} Zeichen.`,
  defenderTooLong: (line: number, max: number) => `${at(line)}Der Name des Verteidigers ist länger als ${max} Zeichen.`,
  tribeTooLong: (line: number, max: number) => `${at(line)}Der Stamm des Angreifers ist länger als ${max} Zeichen.`,
} as const;

export const troopsOverviewParseMessages = {
  tooLong: (max: number) => `Die Truppenübersicht ist zu lang: höchstens ${de(max)} Zeichen.`,
  tooManyVillages: (max: number) => `Die Truppenübersicht enthält mehr als ${de(max)} Dörfer. Bitte füge sie in kleineren Teilen ein.`,
  noVillage:
    "Kein Dorf mit den Zeilen „eigene“, „im Dorf“, „auswärts“ und „unterwegs“ gefunden. Bitte kopiere die Übersicht „Truppen“ aus dem Spiel.",
  columns: (line: number, found: number, expected: number) =>
    `${at(line)}${found === 1 ? "1 Zahl" : `${found} Zahlen`} gefunden, diese Welt hat ${expected} Einheiten.`,
  count: (line: number, text: string, max: number) =>
    `${at(line)}„${clipWarRoomText(text)}“ ist keine Truppenanzahl (ganze Zahl von 0 bis ${de(max)}).`,
  rowExpected: (line: number, expected: string, found: string) => `${at(line)}Erwartet die Zeile „${expected}“, gefunden „${found}“.`,
  rowMissing: (line: number, expected: string) => `${at(line)}Danach fehlt die Zeile „${expected}“.`,
  rowWithoutVillage: (line: number, row: string) => `${at(line)}Die Zeile „${row}“ gehört zu keinem Dorf (es fehlt die Zeile mit Name und Koordinate).`,
  nameMissing: (line: number) => `${at(line)}Vor der Koordinate fehlt der Name des Dorfs.`,
  nameTooLong: (line: number, max: number) => `${at(line)}Der Dorfname ist länger als ${max} Zeichen.`,
  continent: (line: number, coord: string, written: string, actual: string) => `${at(line)}${coord} liegt in ${actual}, nicht in ${written}.`,
  duplicate: (line: number, coord: string, first: number) => `${at(line)}Das Dorf ${coord} steht schon in Zeile ${first}.`,
} as const;

/** Collects problems up to WAR_ROOM_PARSE_MAX_ERRORS; `list()` adds the count of the rest. */
export class WarRoomParseErrors {
  private readonly entries: WarRoomParseError[] = [];
  private total = 0;

  get count(): number {
    return this.total;
  }

  add(line: number, message: string): void {
    this.total++;
    if (this.entries.length < WAR_ROOM_PARSE_MAX_ERRORS) this.entries.push({ line, message });
  }

  list(): WarRoomParseError[] {
    const rest = this.total - this.entries.length;
    return rest > 0 ? [...this.entries, { line: 0, message: warRoomParseMessages.moreErrors(rest) }] : [...this.entries];
  }
}
