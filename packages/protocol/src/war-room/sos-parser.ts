// The game's SOS request ("SOS-Anfrage", the text a player sends tribe mates) → the incoming attacks.
//
// The format as DS Workbench reads it (Torridity/dsworkbench, util/parser/SOSParser.java with the keys of
// ParserVariableManager.java: "Verteidiger", "Name:", "Angegriffenes Dorf", "Stufe des Walls:",
// "Anwesende Truppen", "Herkunft:", "Ankunftszeit:" with "dd.MM.yy HH:mm:ss[:SSS]"): a "Verteidiger" block,
// then per attacked village "Angegriffenes Dorf" with its coordinate, wall and troops, followed by its
// attacks ("1. Angriff", "Angreifer:", "Stamm:", "Herkunft:", "Ankunftszeit:").
//
// Read here from BB code or from the text with the codes stripped ("Herkunft: Dorf (444|868) K84"), with
// any line endings, and with several fields on one line: each line is cut at the keywords, wherever they
// stand. Values are read strictly; every problem is reported with its line, none stops the reading
// (except the size limits). An arrival in the repeated autumn hour is read as `repeatedHour` says;
// without it, its line's error asks which occurrence is meant.
import type { Coord } from "../game/coords.js";
import { parseServerTime, serverTimeMessages, type RepeatedHour } from "../game/server-time.js";
import { REPORTED_PLAYER_NAME_MAX, REPORTED_TRIBE_NAME_MAX } from "../troops.js";
import { unitLabels, type UnitCounts } from "../units.js";
import { sosParseMessages as messages, warRoomParseMessages, WarRoomParseErrors, WAR_ROOM_PARSE_MAX_UNIT_COUNT, type WarRoomParseError } from "./parse-messages.js";
import { allyPattern, fieldNames, nameValue, plain, playerPattern, readCoord, segments, unitByName, type Keyword } from "./sos-text.js";

/** Longer texts are refused unread. */
export const SOS_TEXT_MAX_CHARS = 1_000_000;
/** Default of `maxIncomings`: more attacks in one text are refused. */
export const SOS_MAX_INCOMINGS_DEFAULT = 5_000;
/** The game's highest wall level. */
export const SOS_WALL_LEVEL_MAX = 20;

/** One attack on one of the defender's villages. */
export interface SosIncoming {
  /** Line of its "N. Angriff" heading (1-based). */
  line: number;
  target: Coord;
  wallLevel: number | null;
  defenderName: string | null;
  attackerName: string | null;
  /** The attacker's tribe tag; null without a tribe. */
  attackerTribe: string | null;
  origin: Coord;
  /** Epoch ms. */
  arrival: number;
}

/** An attacked village: its wall and the troops in it, as the SOS text tells. */
export interface SosTargetVillage {
  /** Line of its first "Angegriffenes Dorf". */
  line: number;
  x: number;
  y: number;
  wallLevel: number | null;
  /** "Anwesende Truppen", counts > 0 only. */
  troops: UnitCounts;
}

export interface SosParseOptions {
  /** The world's server time zone (IANA, e.g. "Europe/Berlin"). */
  timeZone: string;
  /** Default SOS_MAX_INCOMINGS_DEFAULT. */
  maxIncomings?: number;
  /** The occurrence arrivals in the repeated autumn hour mean; without it they are refused with the question. */
  repeatedHour?: RepeatedHour | null;
}

/** Every incoming and village read; the caller imports nothing when `errors` is not empty. */
export interface SosParseResult {
  incomings: SosIncoming[];
  targets: SosTargetVillage[];
  errors: WarRoomParseError[];
}

interface Field {
  value: string;
  line: number;
}

interface OpenAttack {
  line: number;
  target: SosTargetVillage | null;
  defenderName: string | null;
  attackerName: string | null;
  attackerTribe: string | null;
  seen: Set<Keyword>;
  origin: Field | null;
  arrival: Field | null;
}

type ReadIncoming = Omit<SosIncoming, "target" | "wallLevel"> & { target: SosTargetVillage };

/** Reads the text line by line; `line` answers false when there are more than `maxIncomings` attacks. */
class SosReader {
  readonly errors = new WarRoomParseErrors();
  private readonly targets = new Map<number, SosTargetVillage>();
  private readonly incomings: ReadIncoming[] = [];
  private readonly seenIncomings = new Set<string>();
  private attacks = 0;
  private section: "none" | "defender" | "target" | "troops" | "attack" = "none";
  private defenderName: string | null = null;
  private targetState: "none" | "awaiting" | "ok" | "broken" = "none";
  private target: SosTargetVillage | null = null;
  private awaitingLine = 0;
  private attack: OpenAttack | null = null;
  /** A field whose value stood alone on the next line. */
  private pending: { attack: OpenAttack; key: "origin" | "arrival" } | null = null;

  constructor(
    private readonly timeZone: string,
    private readonly maxIncomings: number,
    private readonly repeatedHour: RepeatedHour | null,
  ) {}

  line(text: string, line: number): boolean {
    for (const { keyword, value } of segments(text)) {
      if (keyword === null) this.freeText(value, line);
      else if (!this.keyword(keyword, value, line)) return false;
    }
    return true;
  }

  finish(): SosParseResult {
    this.finishAttack();
    this.closeAwaiting();
    if (this.incomings.length === 0 && this.errors.count === 0) this.errors.add(0, messages.noContent);
    return {
      incomings: this.incomings.map(({ target, ...incoming }) => ({ ...incoming, target: { x: target.x, y: target.y }, wallLevel: target.wallLevel })),
      targets: [...this.targets.values()],
      errors: this.errors.list(),
    };
  }

  private freeText(value: string, line: number): void {
    const text = plain(value);
    if (text === "") return;
    if (this.pending) {
      this.pending.attack[this.pending.key] = { value, line };
      this.pending = null;
    } else if (this.targetState === "awaiting") this.readTarget(value, line);
    else if (this.section === "troops") this.plainUnitLine(text, line);
  }

  private keyword(keyword: Keyword, value: string, line: number): boolean {
    this.pending = null;
    this.closeAwaiting();
    switch (keyword) {
      case "defender":
        this.finishAttack();
        this.section = "defender";
        this.defenderName = null;
        break;
      case "name":
        if (this.section === "defender") this.defenderName = this.name(value, playerPattern, line, REPORTED_PLAYER_NAME_MAX, messages.defenderTooLong);
        break;
      case "tribe":
        if (this.attack && !this.attack.seen.has("tribe")) {
          this.attack.seen.add("tribe");
          this.attack.attackerTribe = this.name(value, allyPattern, line, REPORTED_TRIBE_NAME_MAX, messages.tribeTooLong);
        }
        break;
      case "target":
        this.finishAttack();
        this.section = "target";
        this.targetState = "awaiting";
        this.target = null;
        this.awaitingLine = line;
        this.readTarget(value, line);
        break;
      case "wall":
        this.wall(value, line);
        break;
      case "troops":
        this.finishAttack();
        this.section = "troops";
        if (this.target) this.target.troops = {};
        break;
      case "unit":
        this.taggedUnit(value, line);
        break;
      case "attack":
        this.finishAttack();
        if (++this.attacks > this.maxIncomings) return false;
        if (this.targetState === "none") this.errors.add(line, messages.attackBeforeTarget(line));
        this.section = "attack";
        this.attack = { line, target: this.target, defenderName: this.defenderName, attackerName: null, attackerTribe: null, seen: new Set(), origin: null, arrival: null };
        break;
      case "attacker":
      case "origin":
      case "arrival":
        this.attackField(keyword, value, line);
        break;
      case "points":
        break;
    }
    return true;
  }

  private attackField(keyword: "attacker" | "origin" | "arrival", value: string, line: number): void {
    const attack = this.attack;
    const name = fieldNames[keyword] as string;
    if (!attack) return this.errors.add(line, messages.fieldOutsideAttack(line, name));
    if (attack.seen.has(keyword)) return this.errors.add(line, messages.fieldTwice(line, name));
    attack.seen.add(keyword);
    if (keyword === "attacker") attack.attackerName = this.name(value, playerPattern, line, REPORTED_PLAYER_NAME_MAX, messages.attackerTooLong);
    else {
      attack[keyword] = { value, line };
      if (plain(value) === "") this.pending = { attack, key: keyword };
    }
  }

  /** A name no longer than a bot may report (it is stored and indexed as it is): else null and an error for its line. */
  private name(value: string, tagged: RegExp, line: number, max: number, tooLong: (line: number, max: number) => string): string | null {
    const name = nameValue(value, tagged);
    if (name === null || name.length <= max) return name;
    this.errors.add(line, tooLong(line, max));
    return null;
  }

  private closeAwaiting(): void {
    if (this.targetState !== "awaiting") return;
    this.errors.add(this.awaitingLine, messages.targetMissing(this.awaitingLine));
    this.targetState = "broken";
  }

  private readTarget(value: string, line: number): void {
    const read = readCoord(value);
    if (!read) return;
    if (!read.ok) {
      this.errors.add(line, warRoomParseMessages.coordRange(line, read.text));
      this.targetState = "broken";
      return;
    }
    const key = read.coord.x * 1000 + read.coord.y;
    let target = this.targets.get(key);
    if (!target) {
      target = { line: this.awaitingLine, ...read.coord, wallLevel: null, troops: {} };
      this.targets.set(key, target);
    }
    this.target = target;
    this.targetState = "ok";
  }

  private wall(value: string, line: number): void {
    const text = plain(value);
    const level = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
    if (!(level <= SOS_WALL_LEVEL_MAX)) return this.errors.add(line, messages.wallLevel(line, text));
    if (this.target) this.target.wallLevel = level;
  }

  /** "axe[/unit] 41", the rest of "[unit]axe[/unit] 41". */
  private taggedUnit(value: string, line: number): void {
    const close = value.indexOf("[/unit]");
    if (close < 0) return this.unitCount(plain(value), "", line, true);
    this.unitCount(value.slice(0, close).trim(), plain(value.slice(close + "[/unit]".length)), line, true);
  }

  /** "axe 41" or "Axtkämpfer 41" in the troops of the stripped text; other lines are skipped. */
  private plainUnitLine(text: string, line: number): void {
    const match = /^(.+?) (\S+)$/.exec(text);
    if (match) this.unitCount(match[1] as string, match[2] as string, line, false);
  }

  private unitCount(name: string, count: string, line: number, tagged: boolean): void {
    // The militia appears in a village's troops on some worlds; it is not one of our units.
    if (name === "militia" || name === "Miliz") return;
    const unit = unitByName(name);
    if (!unit) {
      if (tagged) this.errors.add(line, messages.unknownUnit(line, name));
      return;
    }
    const n = /^\d{1,7}$/.test(count) ? Number(count) : NaN;
    if (!(n <= WAR_ROOM_PARSE_MAX_UNIT_COUNT)) {
      return this.errors.add(line, warRoomParseMessages.unitCount(line, unitLabels[unit], count, WAR_ROOM_PARSE_MAX_UNIT_COUNT));
    }
    if (!this.target) return;
    if (n > 0) this.target.troops[unit] = n;
    else delete this.target.troops[unit];
  }

  private finishAttack(): void {
    const attack = this.attack;
    if (!attack) return;
    this.attack = null;
    const origin = this.origin(attack);
    const arrival = this.arrival(attack);
    if (!attack.target || !origin || arrival === null) return;
    const key = `${attack.target.x}|${attack.target.y}|${origin.x}|${origin.y}|${arrival}`;
    if (this.seenIncomings.has(key)) return;
    this.seenIncomings.add(key);
    const { line, target, defenderName, attackerName, attackerTribe } = attack;
    this.incomings.push({ line, target, defenderName, attackerName, attackerTribe, origin, arrival });
  }

  private origin(attack: OpenAttack): Coord | null {
    if (!attack.origin) {
      this.errors.add(attack.line, messages.originMissing(attack.line));
      return null;
    }
    const { value, line } = attack.origin;
    const read = readCoord(value);
    if (!read) this.errors.add(line, messages.originNoCoord(line, plain(value)));
    else if (!read.ok) this.errors.add(line, warRoomParseMessages.coordRange(line, read.text));
    return read?.ok ? read.coord : null;
  }

  private arrival(attack: OpenAttack): number | null {
    if (!attack.arrival) {
      this.errors.add(attack.line, messages.arrivalMissing(attack.line));
      return null;
    }
    const { line } = attack.arrival;
    const text = plain(attack.arrival.value);
    const parsed = parseServerTime(text, this.timeZone, { repeatedHour: this.repeatedHour });
    if (parsed.ok) return parsed.value;
    if (parsed.error === serverTimeMessages.invalidDate) this.errors.add(line, messages.arrivalInvalid(line, text));
    else if (parsed.error === serverTimeMessages.format) this.errors.add(line, messages.arrivalFormat(line, text));
    else if (parsed.error === serverTimeMessages.skipped(this.timeZone)) this.errors.add(line, messages.arrivalSkipped(line, text, this.timeZone));
    else this.errors.add(line, messages.arrivalRepeated(line, parsed.error));
    return null;
  }
}

/**
 * Reads an SOS text into its incomings and attacked villages. Arrivals are read as the world's server
 * time in `options.timeZone` (with or without milliseconds). Each attack needs an origin and an arrival
 * under an attacked village; every problem is reported with its line. The same attack (target, origin,
 * arrival) listed twice is kept once. Arrivals in the repeated autumn hour need `options.repeatedHour`. Texts over SOS_TEXT_MAX_CHARS or with more than `maxIncomings`
 * attacks give only that error.
 */
export function parseSosText(text: string, options: SosParseOptions): SosParseResult {
  const maxIncomings = options.maxIncomings ?? SOS_MAX_INCOMINGS_DEFAULT;
  const refused = (message: string): SosParseResult => ({ incomings: [], targets: [], errors: [{ line: 0, message }] });
  if (text.length > SOS_TEXT_MAX_CHARS) return refused(messages.tooLong(SOS_TEXT_MAX_CHARS));
  const reader = new SosReader(options.timeZone, maxIncomings, options.repeatedHour ?? null);
  const lines = text.normalize("NFC").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!reader.line(lines[i] as string, i + 1)) return refused(messages.tooManyIncomings(maxIncomings));
  }
  return reader.finish();
}
