// DS Workbench's own attack lines, so a player moves a plan between DS Workbench and dsbot both ways.
//
// Read at the source, Torridity/dsworkbench:
// - Core/src/main/java/de/tor/tribes/types/Attack.java, toInternalRepresentation/fromInternalRepresentation:
//   `source id & target id & unit plain name & arrival epoch ms & type & showOnMap & transferredToBrowser
//   & troops & multiplier`, split with `line.trim().split("&")`; the booleans via Boolean.parseBoolean
//   ("true"/"false"); the multiplier (a Java short, default 1) means "send this command N times".
//   Today's DS Workbench writes these nine fields; older versions wrote eight (no multiplier) and,
//   before that, seven (no troops). All three are read; the nine-field form is written.
// - Core/src/main/java/de/tor/tribes/io/TroopAmountDynamic.java, toProperty/loadFromProperty: troops as
//   `unit=<amount>` joined by "/", one per unit of the world (zeros included, "-1" = not set left out);
//   unit names DS Workbench does not know are skipped.
// - Core/src/main/java/de/tor/tribes/io/TroopAmountElement.java, toBase64/loadFromBase64: the amount text
//   in Base64.getUrlEncoder() (URL-safe alphabet, padded) of its UTF-8 bytes; fixed amounts are stored as
//   a plain integer, dynamic ones as formulas ("alle", "rnd", "fake", arithmetic). A formula is kept on
//   the attack as written (game/troop-formula.ts), worked out when the bot sends, and written back as is;
//   constant arithmetic ("100*2") is a number, as DS Workbench stores it.
// - Core/src/main/java/de/tor/tribes/ui/panels/AttackTableTab.java, copyToInternalClipboard: one line per
//   attack, each followed by "\n"; pasting splits on "\n" and skips lines that do not parse.
// - The type is a note-symbol number (ui/ImageManager.java NOTE_SYMBOL_*, used by types/StandardAttack.java
//   and util/attack/StandardAttackManager.java): -1 none, 0 spear = support ("Unterstützung"), 2 axe = off
//   ("Off"), 11 snob = noble ("AG"), 14 fake ("Fake"), 46 fake defence ("Unterstützung (Fake)"); 4 spy and
//   every other symbol are user-defined standard attacks.
// - The time DS Workbench sends at comes from Attack.getRealUnit(): the slowest unit of the troops, or the
//   unit field when there are no troops.
import { formatCoord, type Coord } from "../../game/coords.js";
import { unitLabels, units, type Unit, type UnitCounts } from "../../units.js";
import { constantTroopAmount, parseTroopFormula } from "../../game/troop-formula.js";
import {
  attackDataSchema,
  attackTypes,
  sameSpeed,
  slowestUnitOnAnyWorld,
  timedUnits,
  ATTACK_PRIORITY_DEFAULT,
  type AttackData,
  type AttackType,
  type UnitFormulas,
} from "../attack.js";
import { importMessages } from "../messages.js";
import { base64Decode, base64UrlEncode } from "./base64.js";
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

export interface DswbExportOptions {
  /** DS Workbench draws the attack on its map. Default true. */
  showOnMap?: boolean;
  /** DS Workbench's "Übertragen" (sent to the browser) flag. Default false. */
  transferred?: boolean;
}

/** The attacks as DS Workbench lines; every start and target village must be on the world. */
export function exportDswb(attacks: readonly AttackData[], lookup: VillageLookup, options: DswbExportOptions = {}): ImportResult<string> {
  const errors = new ImportErrors();
  const showOnMap = options.showOnMap ?? true;
  const transferred = options.transferred ?? false;
  let text = "";
  attacks.forEach((attack, i) => {
    const source = lookup.idAt(attack.from);
    const target = lookup.idAt(attack.to);
    if (source === undefined) errors.add(importMessages.exportUnknownVillage(i + 1, "Startdorf", formatCoord(attack.from)));
    if (target === undefined) errors.add(importMessages.exportUnknownVillage(i + 1, "Zieldorf", formatCoord(attack.to)));
    if (source === undefined || target === undefined) return;
    text += dswbLine(attack, source, target, { showOnMap, transferred });
  });
  return errors.result(text);
}

/** One attack as a DS Workbench line (with its "\n"), its villages by id; each attack once (multiplier 1). */
export function dswbLine(attack: AttackData, source: number, target: number, options: DswbExportOptions = {}): string {
  const troops = units.map((unit) => `${unit}=${base64UrlEncode(attack.formulas?.[unit] ?? String(attack.units[unit] ?? 0))}`).join("/");
  return `${source}&${target}&${attack.unit}&${attack.arrival}&${dswbTypeIcons[attack.type]}&${options.showOnMap ?? true}&${options.transferred ?? false}&${troops}&1\n`;
}

/** The most copies one line may ask for (DS Workbench's multiplier); each counts against IMPORT_MAX_ATTACKS. */
export const DSWB_MAX_MULTIPLIER = 100;

/**
 * Reads DS Workbench lines (blank lines skipped). All or nothing: any bad line gives only the errors,
 * each naming its line ("Zeile 3: …"). A line with multiplier N becomes N attacks. Priority is not
 * part of the format (ATTACK_PRIORITY_DEFAULT); showOnMap and the transferred flag are read but not kept.
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
    for (let copy = 0; copy < parsed.times; copy++) {
      const { formulas } = parsed.attack;
      attacks.push({ ...parsed.attack, units: { ...parsed.attack.units }, ...(formulas ? { formulas: { ...formulas } } : {}) });
    }
  }
  if (attacks.length === 0 && errors.count === 0) return importFailed(importMessages.empty);
  return errors.result(attacks);
}

/** One line: the attack and how many times it is to be sent. */
function parseLine(line: string, lookup: VillageLookup, where: string, errors: ImportErrors): { attack: AttackData; times: number } | null {
  const fields = line.split("&");
  // Java's split drops a trailing empty field: seven fields are a line without troops.
  if (fields.length < 7 || fields.length > 9) {
    errors.add(`${where}: ${importMessages.dswbFields(fields.length)}`);
    return null;
  }
  const [sourceText, targetText, unitText, arrivalText, typeText, showText, transferredText, troopText = "", multiplierText = "1"] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  const before = errors.count;
  const fail = (message: string) => errors.add(`${where}: ${message}`);
  const from = village(sourceText, "Startdorf", lookup, fail);
  const to = village(targetText, "Zieldorf", lookup, fail);
  const fieldUnit = (units as readonly string[]).includes(unitText) ? (unitText as Unit) : null;
  if (!fieldUnit) fail(importMessages.dswbUnit(unitText));
  if (!/^-?\d{1,16}$/.test(arrivalText)) fail(importMessages.dswbArrival(arrivalText));
  if (!/^-?\d{1,10}$/.test(typeText)) fail(importMessages.dswbType(typeText));
  for (const [what, flag] of [["Auf Karte", showText], ["Übertragen", transferredText]] as const) {
    if (!/^(true|false)$/i.test(flag)) fail(importMessages.dswbFlag(what, flag));
  }
  const sent = troops(troopText, fail);
  const times = /^\d{1,5}$/.test(multiplierText) ? Number(multiplierText) : 0;
  if (times < 1 || times > DSWB_MAX_MULTIPLIER) fail(importMessages.dswbMultiplier(clip(multiplierText), DSWB_MAX_MULTIPLIER));
  if (errors.count > before || !from || !to || !fieldUnit || !sent) return null;

  // The unit DS Workbench times the attack by (Attack.getRealUnit): the slowest unit sent, else the field.
  const slowest = slowestUnitOnAnyWorld(timedUnits(sent.counts, sent.formulas));
  const unit = slowest && !sameSpeed(slowest, fieldUnit) ? slowest : fieldUnit;
  const parsed = attackDataSchema.safeParse({
    from: formatCoord(from),
    to: formatCoord(to),
    type: attackTypeFromDswbIcon(Number(typeText)),
    units: sent.counts,
    ...(sent.formulas ? { formulas: sent.formulas } : {}),
    unit,
    arrival: Number(arrivalText),
    priority: ATTACK_PRIORITY_DEFAULT,
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
 * `spear=MTA=/sword=MA==/axe=YWxsZQ==/…` → counts and formulas; unit names we do not know (militia, …) are
 * skipped as DS Workbench does.
 */
function troops(text: string, fail: (message: string) => void): { counts: UnitCounts; formulas: UnitFormulas | undefined } | null {
  const counts: UnitCounts = {};
  const formulas: UnitFormulas = {};
  if (text === "") return { counts, formulas: undefined };
  let ok = true;
  for (const part of text.split("/")) {
    const eq = part.indexOf("=");
    const name = part.slice(0, eq);
    if (eq <= 0 || !/^[a-z_]+$/.test(name)) {
      fail(importMessages.dswbTroopPart(part));
      ok = false;
      continue;
    }
    if (!(units as readonly string[]).includes(name)) continue;
    const unit = name as Unit;
    const label = unitLabels[unit];
    const amount = base64Decode(part.slice(eq + 1));
    if (amount === null) {
      fail(importMessages.dswbTroopBase64(label));
      ok = false;
      continue;
    }
    if (!/^-?\d+$/.test(amount)) {
      const formula = parseTroopFormula(amount);
      if (!formula.ok) {
        fail(importMessages.dswbTroopFormula(label, clip(amount), formula.error));
        ok = false;
      } else if (formula.dynamic) formulas[unit] = amount.trim();
      else {
        const n = constantTroopAmount(amount) ?? 0;
        if (n > 0) counts[unit] = Math.min(n, 1_000_000);
      }
      continue;
    }
    const n = Number(amount);
    // "-1" is DS Workbench's "not set".
    if (n < -1 || n > 1_000_000) {
      fail(importMessages.dswbTroopRange(label, clip(amount)));
      ok = false;
      continue;
    }
    if (n > 0) counts[unit] = n;
  }
  return ok ? { counts, formulas: Object.keys(formulas).length > 0 ? formulas : undefined } : null;
}

function clip(text: string): string {
  const printable = text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");
  return printable.length > 30 ? `${printable.slice(0, 30)}…` : printable;
}
