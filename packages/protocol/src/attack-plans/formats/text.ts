// BB-code (forum, in-game mail) and plain text from an editable template with DS Workbench's variables,
// so its players' templates work here. Read at the source, Torridity/dsworkbench and its continuation
// extremeCrazyCoder/dsworkbench: Core/src/main/java/de/tor/tribes/types/Attack.java (VARIABLES,
// getReplacements, getRuntime) and Core/src/main/java/de/tor/tribes/util/bb/{AttackListFormatter,
// BasicFormatter}.java with util/interfaces/BBFormatterInterface.java: the part between %LIST_START% and
// %LIST_END% is written once per attack, each followed by a line break; before and after it the header
// and footer, where %ELEMENT_COUNT% is the number of attacks; without the two markers the whole template
// is the line. Every variable of today's Attack.java, with its texts (getReplacements,
// StandardAttackManager's names, Ally/NoAlly, Village.getCoordAsString): %SEND% the send time and
// %ARRIVE% the arrival, both "24.12.25 um 18:00:00.123" in the world's server time (in BB code the
// milliseconds small; on a world without milliseconds "24.12.25 um 18:00:00"), %RUNTIME% the travel
// time as DurationFormatUtils.formatDuration(runtime, "HHH:mm:ss.SSS", true) writes it ("002:30:00.000"),
// no tribe "[ally]-[/ally]" / "-" / "Kein Stamm".
// Where dsbot differs on purpose: %TYPE% of a fake support is "Unterstützung (Fake)" (DS Workbench
// writes "Angriff"); the plain-text format writes names and links without BB tags; names are made inert
// in BB code (bbInert); the rally-point link also fills in the troops (DS Workbench's opens the place
// empty); the travel time is the game's (whole seconds, a support's Freundschaft boost), where DS
// Workbench works out distance × speed to the millisecond on worlds with milliseconds.
import { formatCoord } from "../../game/coords.js";
import { rallyPointUrl } from "../../game/links.js";
import { formatDswbTime, serverTimeParts } from "../../game/server-time.js";
import { unitLabels } from "../../units.js";
import { text as cleanText } from "../../validation.js";
import type { World } from "../../world.js";
import type { AttackData } from "../attack.js";
import { templateMessages } from "../messages.js";
import { attackTypeFromDswbIcon } from "./dswb.js";
import { writeAll, type ExportWriter } from "./export-writer.js";
import type { ImportResult } from "./import-result.js";

export const textFormats = ["bbcode", "plain"] as const;
export type TextFormat = (typeof textFormats)[number];
export const textFormatLabels: Record<TextFormat, string> = { bbcode: "BB-Code", plain: "Text" };

/** DS Workbench's attack variables with what they stand for (shown beside the template editor). */
export const attackTextVariables = {
  "%TYPE%": "Typ des Angriffs, z. B. „Angriff (AG)“",
  "%STD_NAME%": "Name des Standardangriffs in DS Workbench, z. B. „Off“, „AG“, „Fake“",
  "%UNIT%": "Langsamste Einheit",
  "%ATTACKER%": "Angreifer (Spieler des Startdorfs)",
  "%SOURCE%": "Startdorf (Koordinaten)",
  "%ATTACKER_NO_BB%": "Angreifer ohne BB-Code",
  "%SOURCE_NO_BB%": "Startdorf ohne BB-Code, z. B. „(500|500)“",
  "%ATTACKER_ALLY%": "Stamm des Angreifers (Kürzel)",
  "%ATTACKER_ALLY_NO_BB%": "Stamm des Angreifers (Kürzel) ohne BB-Code",
  "%ATTACKER_ALLY_NAME%": "Stamm des Angreifers (Name)",
  "%DEFENDER%": "Verteidiger (Spieler des Zieldorfs)",
  "%TARGET%": "Zieldorf (Koordinaten)",
  "%DEFENDER_NO_BB%": "Verteidiger ohne BB-Code",
  "%TARGET_NO_BB%": "Zieldorf ohne BB-Code",
  "%DEFENDER_ALLY%": "Stamm des Verteidigers (Kürzel)",
  "%DEFENDER_ALLY_NO_BB%": "Stamm des Verteidigers (Kürzel) ohne BB-Code",
  "%DEFENDER_ALLY_NAME%": "Stamm des Verteidigers (Name)",
  "%SEND%": "Abschickzeit",
  "%ARRIVE%": "Ankunftszeit",
  "%RUNTIME%": "Laufzeit (Stunden:Minuten:Sekunden.Millisekunden, z. B. 002:30:00.000)",
  "%PLACE%": "Link zum Versammlungsplatz",
  "%PLACE_URL%": "Adresse des Versammlungsplatzes",
  "%ELEMENT_ID%": "Laufende Nummer",
  "%ELEMENT_COUNT%": "Anzahl der Angriffe",
  "%LIST_START%": "Beginn der Zeile je Angriff",
  "%LIST_END%": "Ende der Zeile je Angriff",
} as const;
export type AttackTextVariable = keyof typeof attackTextVariables;

export const ATTACK_TEMPLATE_MAX = 10_000;

export const defaultBbCodeTemplate =
  "[b]Angriffsplan[/b]\n" +
  "Anzahl der Befehle: %ELEMENT_COUNT%\n" +
  "[table]\n" +
  "[**]Nr.[||]Typ[||]Angreifer[||]Startdorf[||]Einheit[||]Verteidiger[||]Zieldorf[||]Abschickzeit[||]Ankunftszeit[||]Versammlungsplatz[/**]\n" +
  "%LIST_START%[*]%ELEMENT_ID%[|]%TYPE%[|]%ATTACKER%[|]%SOURCE%[|]%UNIT%[|]%DEFENDER%[|]%TARGET%[|]%SEND%[|]%ARRIVE%[|]%PLACE%[/*]%LIST_END%" +
  "[/table]";

export const defaultPlainTemplate =
  "Angriffsplan (%ELEMENT_COUNT% Befehle)\n" +
  "%LIST_START%%ELEMENT_ID%. %TYPE% von %ATTACKER% aus %SOURCE% mit %UNIT% auf %DEFENDER% in %TARGET%: " +
  "abschicken am %SEND%, Ankunft am %ARRIVE% – %PLACE_URL%%LIST_END%";

export function defaultTemplate(format: TextFormat): string {
  return format === "bbcode" ? defaultBbCodeTemplate : defaultPlainTemplate;
}

/** A player's tribe as the world's data has it. */
export interface TribeOfPlayer {
  tag: string;
  name: string;
}

/** One attack with what its text needs beyond the plan: send time, players, their tribes and village ids. */
export interface AttackTextRow extends AttackData {
  /** Epoch ms. */
  sendTime: number;
  /** The start village's player; null = barbarian village. */
  attacker?: string | null;
  /** The target village's player; null = barbarian village. */
  defender?: string | null;
  /** The attacker's tribe; null or missing = none. */
  attackerTribe?: TribeOfPlayer | null;
  /** The defender's tribe; null or missing = none. */
  defenderTribe?: TribeOfPlayer | null;
  /** For the rally-point link; without both ids and a world the link is empty. */
  fromVillageId?: number;
  toVillageId?: number;
}

export interface RenderTextOptions {
  template: string;
  format: TextFormat;
  /** The world of the rally-point links. */
  world?: World | null;
  /** The world's server time zone (time-zones.ts): %SEND% and %ARRIVE% are written in it. */
  timeZone: string;
  /** The world's `commands/millis_arrival` (default true): without it the times have no milliseconds. */
  millisArrival?: boolean;
}

const variablePattern = /%[A-Z_]+%/g;
const isVariable = (name: string): name is AttackTextVariable => Object.hasOwn(attackTextVariables, name);

/** German errors of a template: unknown variables, misplaced list markers, length. Empty = fine. */
export function checkAttackTemplate(template: string): string[] {
  const errors: string[] = [];
  if (template.length > ATTACK_TEMPLATE_MAX) errors.push(templateMessages.tooLong(ATTACK_TEMPLATE_MAX));
  const unknown = new Set<string>();
  for (const match of template.matchAll(variablePattern)) if (!isVariable(match[0])) unknown.add(match[0]);
  for (const name of unknown) errors.push(templateMessages.unknownVariable(name));
  const starts = template.split("%LIST_START%").length - 1;
  const ends = template.split("%LIST_END%").length - 1;
  const paired = starts === 1 && ends === 1 && template.indexOf("%LIST_START%") < template.indexOf("%LIST_END%");
  if (!(starts === 0 && ends === 0) && !paired) errors.push(templateMessages.listMarkers);
  return errors;
}

/** A template as a user saves it: clean text whose variables and list markers check out. */
export const attackTemplateSchema = cleanText().superRefine((template, ctx) => {
  for (const message of checkAttackTemplate(template)) ctx.addIssue({ code: "custom", message });
});

/** The text of the attacks from the template; the German template errors instead if there are any. */
export function renderAttackText(rows: readonly AttackTextRow[], options: RenderTextOptions): ImportResult<string> {
  const writer = attackTextWriter(rows.length, options);
  return writer.ok ? { ok: true, value: writeAll(writer.value, rows) } : writer;
}

/** `renderAttackText` for `count` attacks as parts (header and footer with the count filled in). */
export function attackTextWriter(count: number, options: RenderTextOptions): ImportResult<ExportWriter<AttackTextRow>> {
  const errors = checkAttackTemplate(options.template);
  if (errors.length > 0) return { ok: false, errors };
  const { template } = options;
  const start = template.indexOf("%LIST_START%");
  const header = start < 0 ? "" : template.slice(0, start);
  const line = start < 0 ? template : template.slice(start + "%LIST_START%".length, template.indexOf("%LIST_END%"));
  const footer = start < 0 ? "" : template.slice(template.indexOf("%LIST_END%") + "%LIST_END%".length);
  const total = String(count);
  const fill = (part: string, values: (name: AttackTextVariable) => string) =>
    part.replace(variablePattern, (name) => (isVariable(name) ? values(name) : name));
  const outside = (name: AttackTextVariable) => (name === "%ELEMENT_COUNT%" ? total : "");
  return {
    ok: true,
    value: {
      header: fill(header, outside),
      line: (row, i) => {
        const values = rowValues(row, i + 1, total, options);
        return `${fill(line, (name) => values[name])}\n`;
      },
      footer: fill(footer, outside),
    },
  };
}

/**
 * An attack of typical size for estimating an export before it is built: players with names of
 * 16 characters, six-digit village ids, a full attack's troops.
 */
export const typicalAttackTextRow: AttackTextRow = {
  from: { x: 512, y: 487 },
  to: { x: 498, y: 503 },
  type: "wallbreaker",
  units: { axe: 6500, light: 3000, ram: 250, spy: 5 },
  unit: "ram",
  arrival: Date.UTC(2030, 11, 24, 17, 0, 0, 123),
  sendTime: Date.UTC(2030, 11, 24, 13, 30, 0, 456),
  priority: 3,
  attacker: "x".repeat(16),
  defender: "y".repeat(16),
  attackerTribe: { tag: "t".repeat(6), name: "n".repeat(24) },
  defenderTribe: { tag: "t".repeat(6), name: "n".repeat(24) },
  fromVillageId: 123_456,
  toVillageId: 234_567,
};

/**
 * A name from the world's data made inert in BB code. DS Workbench writes names as they are
 * (`"[player]" + getName() + "[/player]"`), and the game's BB code has no escape, so a player named
 * `[url=http://evil]x[/url]` would put a link into the forum post. Square brackets become the
 * full-width look-alikes: the name stays readable, no tag can open or close. Such a name is no
 * `[player]` link either (no player of the game has it, and its closing bracket would end the tag).
 */
export function bbInert(name: string): string {
  return name.replaceAll("[", "\uFF3B").replaceAll("]", "\uFF3D");
}

/** %TYPE% as DS Workbench writes it (Attack.getReplacements by the type's note symbol). */
const dswbTypeTexts: Record<AttackData["type"], string> = {
  attack: "Angriff (Clean-Off)",
  conquer: "Angriff (AG)",
  fake: "Angriff (Fake)",
  wallbreaker: "Angriff",
  support: "Unterstützung",
  fake_support: "Unterstützung (Fake)",
};

/** %STD_NAME%: StandardAttackManager's names of the standard attacks; no standard attack (wall breaker, ram symbol) "Unbenannt". */
const dswbStandardNames: Record<AttackData["type"], string> = {
  attack: "Off",
  conquer: "AG",
  fake: "Fake",
  wallbreaker: "Unbenannt",
  support: "Unterstützung",
  fake_support: "Unterstützung (Fake)",
};

/**
 * %RUNTIME% as DS Workbench writes it: DurationFormatUtils.formatDuration(ms, "HHH:mm:ss.SSS", true),
 * hours not cut at 24 and at least three digits, then minutes, seconds and milliseconds.
 */
export function formatDswbRuntime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours, 3)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(total % 1000, 3)}`;
}

/** %SEND% and %ARRIVE% (Attack.getReplacements): the same pattern for both, without milliseconds on a world without them. */
function dswbTime(ms: number, options: RenderTextOptions, bb: boolean): string {
  if (options.millisArrival !== false) return formatDswbTime(ms, options.timeZone, bb);
  const p = serverTimeParts(ms, options.timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(p.day)}.${pad(p.month)}.${pad(p.year % 100)} um ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

function rowValues(row: AttackTextRow, id: number, count: string, options: RenderTextOptions): Record<AttackTextVariable, string> {
  const bb = options.format === "bbcode";
  const inert = (name: string) => (bb ? bbInert(name) : name);
  const player = (name: string | null | undefined) => {
    if (name === null) return "Barbaren";
    if (!name) return "";
    if (!bb) return name;
    return /[[\]]/.test(name) ? bbInert(name) : `[player]${name}[/player]`;
  };
  const playerPlain = (name: string | null | undefined) => (name === null ? "Barbaren" : inert(name ?? ""));
  // DS Workbench's NoAlly: tag "-", name "Kein Stamm" (also for barbarian villages).
  const tribe = (t: TribeOfPlayer | null | undefined) => t ?? { tag: "-", name: "Kein Stamm" };
  const tribeTag = (t: TribeOfPlayer | null | undefined) => {
    const { tag } = tribe(t);
    if (!bb) return tag;
    return /[[\]]/.test(tag) ? bbInert(tag) : `[ally]${tag}[/ally]`;
  };
  const coord = (c: AttackData["from"]) => (bb ? `[coord]${formatCoord(c)}[/coord]` : formatCoord(c));
  const url =
    options.world && row.fromVillageId !== undefined && row.toVillageId !== undefined
      ? rallyPointUrl(options.world, row.fromVillageId, row.toVillageId, row.units)
      : "";
  // A DS Workbench symbol our types do not have (none, spy, own ones): its texts there.
  const icon = row.dswb?.type !== undefined && attackTypeFromDswbIcon(row.dswb.type) === row.type ? row.dswb.type : undefined;
  return {
    "%TYPE%": icon === undefined ? dswbTypeTexts[row.type] : "Angriff",
    "%STD_NAME%": icon === undefined ? dswbStandardNames[row.type] : icon === -1 ? "Keine Auswahl" : "Unbenannt",
    "%UNIT%": bb ? `[unit]${row.unit}[/unit]` : unitLabels[row.unit],
    "%ATTACKER%": player(row.attacker),
    "%SOURCE%": coord(row.from),
    "%ATTACKER_NO_BB%": playerPlain(row.attacker),
    "%SOURCE_NO_BB%": `(${formatCoord(row.from)})`,
    "%ATTACKER_ALLY%": tribeTag(row.attackerTribe),
    "%ATTACKER_ALLY_NO_BB%": inert(tribe(row.attackerTribe).tag),
    "%ATTACKER_ALLY_NAME%": inert(tribe(row.attackerTribe).name),
    "%DEFENDER%": player(row.defender),
    "%TARGET%": coord(row.to),
    "%DEFENDER_NO_BB%": playerPlain(row.defender),
    "%TARGET_NO_BB%": `(${formatCoord(row.to)})`,
    "%DEFENDER_ALLY%": tribeTag(row.defenderTribe),
    "%DEFENDER_ALLY_NO_BB%": inert(tribe(row.defenderTribe).tag),
    "%DEFENDER_ALLY_NAME%": inert(tribe(row.defenderTribe).name),
    "%SEND%": dswbTime(row.sendTime, options, bb),
    "%ARRIVE%": dswbTime(row.arrival, options, bb),
    "%RUNTIME%": formatDswbRuntime(row.arrival - row.sendTime),
    // DS Workbench quotes the address: [url="…"]Versammlungsplatz[/url].
    "%PLACE%": url && bb ? `[url="${url}"]Versammlungsplatz[/url]` : url,
    "%PLACE_URL%": url,
    "%ELEMENT_ID%": String(id),
    "%ELEMENT_COUNT%": count,
    "%LIST_START%": "",
    "%LIST_END%": "",
  };
}
