// DS Workbench's own attack lines, so a player moves a plan between DS Workbench and dsbot both ways and
// nothing is lost on the way. Read at the source, Torridity/dsworkbench and its continuation
// extremeCrazyCoder/dsworkbench (docs/GAME-RULES.md, section dswb):
// - types/Attack.java, toInternalRepresentation/fromInternalRepresentation: `source id & target id & unit
//   plain name & arrival epoch ms & type & showOnMap & transferredToBrowser & troops & multiplier`, read
//   with `line.trim().split("&")` (Java drops trailing empty fields, ignores fields after the ninth); the
//   flags via Boolean.parseBoolean (only "true", any case, is true); the multiplier (a short, default 1)
//   means "send this command N times". Today's lines have nine fields, older ones eight (no multiplier)
//   and seven (no troops); all are read, nine are written.
// - Attack.equals compares source, target, troops, arrival, showOnMap, type and transferred, not the
//   unit field nor the multiplier, and control/GenericManager.addManagedElement drops an attack equal to
//   one already in the plan: a pasted list keeps one of several equal lines. So the export writes equal
//   attacks as ONE line whose multiplier is their count; the import sends a line N times.
// - io/TroopAmountDynamic.java, toProperty/loadFromProperty: troops as `unit=<amount>` joined by "/";
//   a troops field without any "=" means no troops, a part without "=" drops the line, unknown unit
//   names are skipped. io/TroopAmountElement.java: the amount text in Base64 (base64.ts); what is not
//   Base64 is read as 0 ("old format"); a formula is read as game/troop-formula.ts says, a constant is
//   stored as Java's int of its value, -1 meaning "not set" and below -1 none.
// - The type is a note symbol (ui/ImageManager.java NOTE_SYMBOL_*, types/StandardAttack.java): -1 none,
//   0 support, 2 off, 4 spy, 8 ram, 11 noble, 14 fake, 46 fake support, other numbers own symbols.
// - The time DS Workbench sends at comes from Attack.getRealUnit(): the slowest unit of the troops (a
//   formula counts), else the unit field.
// What our fields do not hold (another symbol, the unit field, the flags) travels in `dswb` (attack.ts)
// and is written back. Stricter than DS Workbench (each error names the line and why, in German): the
// import is all or nothing where DS Workbench skips a line it cannot read; a formula it would read as 0,
// more than 1,000,000 of a unit, a multiplier outside 1–32767, an unknown village, or an unknown unit
// field without troops are refused.
import { formatCoord, type Coord } from "../../game/coords.js";
import { constantTroopAmount, dswbFormulaText, parseTroopFormula } from "../../game/troop-formula.js";
import { unitLabels, units, type Unit, type UnitCounts } from "../../units.js";
import {
  attackDataSchema,
  attackTypes,
  sameSpeed,
  slowestUnitOnAnyWorld,
  timedUnits,
  ATTACK_PRIORITY_DEFAULT,
  type AttackData,
  type AttackType,
  type DswbExtras,
  type UnitFormulas,
} from "../attack.js";
import { importMessages } from "../messages.js";
import { base64UrlDecode, base64UrlEncode } from "./base64.js";
import type { ExportWriter } from "./export-writer.js";
import { ImportErrors, importFailed, IMPORT_MAX_ATTACKS, IMPORT_STEP, runSteps, type ImportResult, type ImportSteps } from "./import-result.js";

/** DS Workbench names villages by id: the world's villages both ways. */
export interface VillageLookup {
  coordOf(id: number): Coord | undefined;
  idAt(coord: Coord): number | undefined;
}

/** A lookup over a list of the world's villages (e.g. from village.txt). */
export function villageLookup(villages: Iterable<{ id: number; x: number; y: number }>): VillageLookup {
  const byId = new Map<number, Coord>();
  const byCoord = new Map<number, number>();
  for (const v of villages) {
    byId.set(v.id, { x: v.x, y: v.y });
    byCoord.set(v.x * 1000 + v.y, v.id);
  }
  return { coordOf: (id) => byId.get(id), idAt: (c) => byCoord.get(c.x * 1000 + c.y) };
}

/**
 * Our type → DS Workbench's note symbol. DS Workbench has no wall breaker type; the ram symbol (8,
 * NOTE_SYMBOL_RAM) is what a player would choose for one.
 */
export const dswbTypeIcons: Record<AttackType, number> = {
  attack: 2,
  conquer: 11,
  fake: 14,
  wallbreaker: 8,
  support: 0,
  fake_support: 46,
};

/** DS Workbench's note symbol → our type: the six above, everything else (none, spy, own symbols) an attack. */
export function attackTypeFromDswbIcon(icon: number): AttackType {
  return attackTypes.find((type) => dswbTypeIcons[type] === icon) ?? "attack";
}

/** The most copies one line may ask for: DS Workbench's multiplier is a Java short. */
export const DSWB_MAX_MULTIPLIER = 32_767;

export const dswbMessages = {
  fields: (found: number) => `erwartet mindestens 7 durch „&“ getrennte Felder (DS Workbench schreibt 9), gefunden ${found}.`,
  unitWithoutTroops: (text: string) => `Unbekannte Einheit „${text}“: ohne Truppen bestimmt sie die Laufzeit, dsbot kennt sie aber nicht.`,
  troopPart: (text: string) => `Truppen: „${text}“ hat nicht die Form einheit=Anzahl (DS Workbench verwirft solche Zeilen).`,
  troopsTooMany: (label: string, n: number) => `Truppen: ${n} ${label} sind mehr, als dsbot annimmt (höchstens 1000000).`,
} as const;

export interface DswbExportOptions {
  /** DS Workbench draws the attack on its map; default true. An attack's own flag (`dswb`) wins. */
  showOnMap?: boolean;
  /** DS Workbench's "Übertragen" (sent to the browser) flag; default false. An attack's own flag wins. */
  transferred?: boolean;
  /**
   * The world's `commands/millis_arrival` (default true). Without milliseconds DS Workbench cuts every
   * arrival to the second (Attack.setArriveTime), so attacks a few ms apart are equal there: they are
   * written as one line with their count.
   */
  millisArrival?: boolean;
}

/** The fields of an attack's line but the villages, and what DS Workbench's Attack.equals compares. */
function lineParts(attack: AttackData, options: DswbExportOptions): { fields: string; same: string } {
  const extras = attack.dswb;
  const icon = extras?.type !== undefined && attackTypeFromDswbIcon(extras.type) === attack.type ? extras.type : dswbTypeIcons[attack.type];
  // The unit field goes back as it came only while DS Workbench times the attack by its troops.
  const timed = slowestUnitOnAnyWorld(timedUnits(attack.units, attack.formulas)) !== null;
  const unitField = extras?.unit !== undefined && timed ? extras.unit : attack.unit;
  const showOnMap = extras?.showOnMap ?? options.showOnMap ?? true;
  const transferred = extras?.transferred ?? options.transferred ?? false;
  const troops = units
    .map((unit) => {
      const formula = attack.formulas?.[unit];
      return `${unit}=${base64UrlEncode(formula !== undefined ? dswbFormulaText(formula) : String(attack.units[unit] ?? 0))}`;
    })
    .join("/");
  const arrival = options.millisArrival === false ? Math.floor(attack.arrival / 1000) : attack.arrival;
  return {
    fields: `${unitField}&${attack.arrival}&${icon}&${showOnMap}&${transferred}&${troops}`,
    same: `${arrival}&${icon}&${showOnMap}&${transferred}&${troops}`,
  };
}

/** One attack as a DS Workbench line (with its "\n"), its villages by id, to be sent `multiplier` times. */
export function dswbLine(attack: AttackData, source: number, target: number, options: DswbExportOptions = {}, multiplier = 1): string {
  return `${source}&${target}&${lineParts(attack, options).fields}&${multiplier}\n`;
}

/**
 * Attacks DS Workbench holds equal, counted: the first of each with how many there are, in first-seen
 * order. Assumption: attacks equal there but for the unit field are one line with the first one's unit
 * (it changes the time only without troops; DS Workbench would keep one of them anyway).
 */
class EqualAttacks {
  /** Per equal group: its line up to the multiplier (written when first seen) and how many there are. */
  private readonly groups = new Map<string, { head: string; count: number }>();

  constructor(private readonly options: DswbExportOptions) {}

  add(attack: AttackData, source: number, target: number): void {
    const parts = lineParts(attack, this.options);
    const key = `${source}&${target}&${parts.same}`;
    const group = this.groups.get(key);
    if (group) group.count++;
    else this.groups.set(key, { head: `${source}&${target}&${parts.fields}&`, count: 1 });
  }

  /** The lines, each equal group once with its count as the multiplier; empties the list. */
  take(): string {
    let text = "";
    for (const g of this.groups.values()) text += `${g.head}${g.count}\n`;
    this.groups.clear();
    return text;
  }
}

/**
 * The attacks as DS Workbench lines; every start and target village must be on the world. Attacks DS
 * Workbench holds equal (Attack.equals) become one line with their count as the multiplier.
 */
export function exportDswb(attacks: readonly AttackData[], lookup: VillageLookup, options: DswbExportOptions = {}): ImportResult<string> {
  const errors = new ImportErrors();
  const equal = new EqualAttacks(options);
  attacks.forEach((attack, i) => {
    const source = lookup.idAt(attack.from);
    const target = lookup.idAt(attack.to);
    if (source === undefined) errors.add(importMessages.exportUnknownVillage(i + 1, "Startdorf", formatCoord(attack.from)));
    if (target === undefined) errors.add(importMessages.exportUnknownVillage(i + 1, "Zieldorf", formatCoord(attack.to)));
    if (source !== undefined && target !== undefined) equal.add(attack, source, target);
  });
  return errors.result(equal.take());
}

/** An attack with the ids of its villages as they were stored (0 if unknown). */
export type DswbRow = AttackData & { fromVillageId?: number; toVillageId?: number };

/**
 * `exportDswb` as parts for the server: the lines of equal attacks can only be written once all are
 * counted, so `line` holds every attack back and `end` writes them; `lineAlone` is one attack's line
 * for the size estimate.
 */
export function dswbWriter(options: DswbExportOptions = {}): ExportWriter<DswbRow> {
  const equal = new EqualAttacks(options);
  return {
    header: "",
    footer: "",
    line: (row) => {
      equal.add(row, row.fromVillageId ?? 0, row.toVillageId ?? 0);
      return "";
    },
    end: () => equal.take(),
    lineAlone: (row) => dswbLine(row, row.fromVillageId ?? 0, row.toVillageId ?? 0, options),
  };
}

/**
 * Reads DS Workbench lines (blank lines skipped). All or nothing: any bad line gives only the errors,
 * each naming its line ("Zeile 3: …"). A line with multiplier N becomes N attacks. Priority is not
 * part of the format (ATTACK_PRIORITY_DEFAULT).
 */
export function importDswb(text: string, lookup: VillageLookup): ImportResult<AttackData[]> {
  return runSteps(importDswbSteps(text, lookup));
}

/** `importDswb`, pausing every IMPORT_STEP lines. */
export function* importDswbSteps(text: string, lookup: VillageLookup): ImportSteps<AttackData[]> {
  const errors = new ImportErrors();
  const attacks: AttackData[] = [];
  const lines = text.split("\n");
  let entries = 0;
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && i % IMPORT_STEP === 0) yield;
    const line = (lines[i] as string).trim();
    if (line === "") continue;
    if (++entries > IMPORT_MAX_ATTACKS) return importFailed(importMessages.tooMany(IMPORT_MAX_ATTACKS));
    const parsed = parseLine(line, lookup, importMessages.line(i + 1), errors);
    if (!parsed) continue;
    entries += parsed.times - 1;
    if (entries > IMPORT_MAX_ATTACKS) return importFailed(importMessages.tooMany(IMPORT_MAX_ATTACKS));
    for (let copy = 0; copy < parsed.times; copy++) attacks.push(copyOf(parsed.attack));
  }
  if (attacks.length === 0 && errors.count === 0) return importFailed(importMessages.empty);
  return errors.result(attacks);
}

function copyOf(a: AttackData): AttackData {
  return {
    ...a,
    units: { ...a.units },
    ...(a.formulas ? { formulas: { ...a.formulas } } : {}),
    ...(a.dswb ? { dswb: { ...a.dswb } } : {}),
  };
}

/** Java's String.split: trailing empty fields dropped. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** One line: the attack and how many times it is to be sent. */
function parseLine(line: string, lookup: VillageLookup, where: string, errors: ImportErrors): { attack: AttackData; times: number } | null {
  const fields = javaSplit(line, "&");
  if (fields.length < 7) {
    errors.add(`${where}: ${dswbMessages.fields(fields.length)}`);
    return null;
  }
  const [sourceText, targetText, unitText, arrivalText, typeText, showText, transferredText] = fields as [string, string, string, string, string, string, string];
  const troopText = fields[7] ?? "";
  const multiplierText = fields[8] ?? "1";
  const before = errors.count;
  const fail = (message: string) => errors.add(`${where}: ${message}`);
  const from = village(sourceText, "Startdorf", lookup, fail);
  const to = village(targetText, "Zieldorf", lookup, fail);
  if (!/^-?\d{1,16}$/.test(arrivalText)) fail(importMessages.dswbArrival(arrivalText));
  const icon = /^-?\d{1,10}$/.test(typeText) ? Number(typeText) : Number.NaN;
  if (!Number.isInteger(icon) || Math.abs(icon) > 2147483647) fail(importMessages.dswbType(typeText));
  const sent = troops(troopText, fail);
  const times = /^\+?\d{1,5}$/.test(multiplierText) ? Number(multiplierText) : 0;
  if (times < 1 || times > DSWB_MAX_MULTIPLIER) fail(importMessages.dswbMultiplier(clip(multiplierText), DSWB_MAX_MULTIPLIER));

  // The unit DS Workbench times the attack by (Attack.getRealUnit): the slowest unit sent, else the field.
  const fieldUnit = (units as readonly string[]).includes(unitText) ? (unitText as Unit) : null;
  const slowest = sent ? slowestUnitOnAnyWorld(timedUnits(sent.counts, sent.formulas)) : null;
  if (sent && !slowest && !fieldUnit) fail(dswbMessages.unitWithoutTroops(clip(unitText)));
  if (errors.count > before || !from || !to || !sent) return null;
  const unit = (slowest && (!fieldUnit || !sameSpeed(slowest, fieldUnit)) ? slowest : fieldUnit) as Unit;

  const type = attackTypeFromDswbIcon(icon);
  const showOnMap = /^true$/i.test(showText);
  const transferred = /^true$/i.test(transferredText);
  const extras: DswbExtras = {
    ...(dswbTypeIcons[type] !== icon ? { type: icon } : {}),
    // Assumption: a unit field that is no word (DS Workbench writes plain names) is not kept.
    ...(unitText !== unit && /^[A-Za-z0-9_]{0,30}$/.test(unitText) ? { unit: unitText } : {}),
    ...(!showOnMap ? { showOnMap } : {}),
    ...(transferred ? { transferred } : {}),
  };
  const parsed = attackDataSchema.safeParse({
    from: formatCoord(from),
    to: formatCoord(to),
    type,
    units: sent.counts,
    ...(sent.formulas ? { formulas: sent.formulas } : {}),
    unit,
    arrival: Number(arrivalText),
    priority: ATTACK_PRIORITY_DEFAULT,
    ...(Object.keys(extras).length > 0 ? { dswb: extras } : {}),
  });
  if (!parsed.success) {
    errors.addIssues(where, parsed.error);
    return null;
  }
  return { attack: parsed.data, times };
}

function village(text: string, what: string, lookup: VillageLookup, fail: (message: string) => void): Coord | null {
  if (!/^\d{1,10}$/.test(text)) {
    fail(importMessages.dswbVillageId(what, text));
    return null;
  }
  const coord = lookup.coordOf(Number(text));
  if (!coord) fail(importMessages.dswbUnknownVillage(what, Number(text)));
  return coord ?? null;
}

/**
 * `spear=MTA=/sword=MA==/axe=YWxsZQ==/…` → counts and formulas, as TroopAmountDynamic.loadFromProperty
 * reads it: no "=" at all is no troops; unit names we do not know (militia, …) are skipped; a later
 * part for the same unit wins.
 */
function troops(text: string, fail: (message: string) => void): { counts: UnitCounts; formulas: UnitFormulas | undefined } | null {
  const counts: UnitCounts = {};
  const formulas: UnitFormulas = {};
  if (!text.includes("=")) return { counts, formulas: undefined };
  let ok = true;
  for (const part of javaSplit(text, "/")) {
    const eq = part.indexOf("=");
    if (eq < 0) {
      fail(dswbMessages.troopPart(clip(part)));
      ok = false;
      continue;
    }
    const name = part.slice(0, eq);
    if (!(units as readonly string[]).includes(name)) continue;
    const unit = name as Unit;
    const label = unitLabels[unit];
    delete counts[unit];
    delete formulas[unit];
    // Not Base64: DS Workbench reads 0 (TroopAmountElement.loadFromBase64, "old format").
    const amount = base64UrlDecode(part.slice(eq + 1)) ?? "0";
    if (amount.trim() === "") continue;
    const formula = parseTroopFormula(amount);
    if (!formula.ok) {
      fail(importMessages.dswbTroopFormula(label, clip(amount), formula.error));
      ok = false;
    } else if (formula.dynamic) formulas[unit] = amount.trim();
    else {
      // -1 is DS Workbench's "not set", anything below it none.
      const n = constantTroopAmount(amount) ?? 0;
      if (n > 1_000_000) {
        fail(dswbMessages.troopsTooMany(label, n));
        ok = false;
      } else if (n > 0) counts[unit] = n;
    }
  }
  return ok ? { counts, formulas: Object.keys(formulas).length > 0 ? formulas : undefined } : null;
}

function clip(text: string): string {
  const printable = text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
  return printable.length > 30 ? `${printable.slice(0, 30)}…` : printable;
}
