// The plan as CSV for spreadsheets: semicolon-separated (what a German Excel opens as columns), fields
// quoted where needed, a German header row, CRLF line ends, no byte-order mark (add one when offering
// a download for Excel). "Ankunft" is the readable server time (in the world's zone: every function
// takes it), "Ankunft (ms)" the exact instant: on
// import an edited "Ankunft" wins, an unchanged one keeps the exact milliseconds (also in the repeated
// autumn hour). An edited "Ankunft" in the repeated autumn hour needs the import's choice of occurrence
// (`repeatedHour`); without it the line's error asks for it. A unit's cell holds its count or its DS Workbench formula ("alle-100"). Import is all or
// nothing with errors naming the line ("Zeile 3 (Typ): …"). Text cells are written by `csvCell` (a
// formula such as "-100+alle" gets a quote in front, so a spreadsheet shows it as text) and read back
// without that quote.
import { csvCell, csvCellText } from "../../csv-cell.js";
import { formatCoord } from "../../game/coords.js";
import { formatServerTime, parseServerTime, serverTimeMessages, type ServerTimeParseOptions } from "../../game/server-time.js";
import { isDynamicAmount } from "../../game/troop-formula.js";
import { unitLabels, units, type Unit, type UnitCounts } from "../../units.js";
import {
  attackDataSchema,
  attackTypeLabels,
  attackTypes,
  slowestUnitOnAnyWorld,
  timedUnits,
  ATTACK_PRIORITY_DEFAULT,
  type AttackData,
  type AttackType,
  type UnitFormulas,
} from "../attack.js";
import { attackFieldLabels, attackMessages, importMessages } from "../messages.js";
import { writeAll, type ExportWriter } from "./export-writer.js";
import { ImportErrors, importFailed, IMPORT_MAX_ATTACKS, IMPORT_STEP, runSteps, type ImportResult, type ImportSteps } from "./import-result.js";

const SEPARATOR = ";";

type ColumnKey = "from" | "to" | "type" | "unit" | "arrival" | "arrivalMs" | "priority" | Unit;

/** Column order and German headers of the export; an import finds columns by header (or key) in any order. */
export const csvColumns: readonly { key: ColumnKey; header: string }[] = [
  { key: "from", header: "Startdorf" },
  { key: "to", header: "Zieldorf" },
  { key: "type", header: "Typ" },
  { key: "unit", header: "Einheit" },
  { key: "arrival", header: "Ankunft" },
  { key: "arrivalMs", header: "Ankunft (ms)" },
  { key: "priority", header: "Priorität" },
  ...units.map((unit) => ({ key: unit, header: unitLabels[unit] })),
];

export function exportCsv(attacks: readonly AttackData[], zone: string): string {
  return writeAll(csvWriter(zone), attacks);
}

/** The CSV as header row and a row per attack, each with its CRLF; "Ankunft" in the world's zone. */
export function csvWriter(zone: string): ExportWriter<AttackData> {
  return {
    header: `${csvColumns.map((c) => csvCell(c.header, SEPARATOR)).join(SEPARATOR)}\r\n`,
    line: (a) => `${csvColumns.map((c) => csvCell(cell(a, c.key, zone), SEPARATOR)).join(SEPARATOR)}\r\n`,
    footer: "",
  };
}

/** Numbers stay numbers (a negative priority is no formula); everything else is text. */
function cell(a: AttackData, key: ColumnKey, zone: string): string | number {
  switch (key) {
    case "from":
      return formatCoord(a.from);
    case "to":
      return formatCoord(a.to);
    case "type":
      return attackTypeLabels[a.type];
    case "unit":
      return unitLabels[a.unit];
    case "arrival":
      return formatServerTime(a.arrival, zone);
    case "arrivalMs":
      return a.arrival;
    case "priority":
      return a.priority;
    default:
      return a.formulas?.[key] ?? a.units[key] ?? 0;
  }
}

/**
 * Reads the CSV; "Ankunft" texts are times in the world's zone, those in the repeated autumn hour read
 * as `options.repeatedHour` says (without it, such a line is refused with the question).
 */
export function importCsv(text: string, zone: string, options: ServerTimeParseOptions = {}): ImportResult<AttackData[]> {
  return runSteps(importCsvSteps(text, zone, options));
}

/** `importCsv`, pausing every IMPORT_STEP rows. */
export function* importCsvSteps(text: string, zone: string, options: ServerTimeParseOptions = {}): ImportSteps<AttackData[]> {
  const parsed = parseCsv(text.replace(/^\uFEFF/, ""));
  if (!parsed.ok) return importFailed(`${importMessages.line(parsed.line)}: ${importMessages.csvQuote}`);
  const [header, ...rows] = parsed.rows.filter((row) => row.fields.some((f) => f.trim() !== ""));
  if (!header) return importFailed(importMessages.empty);
  const columns = readHeader(header.fields);
  if (!columns.ok) return { ok: false, errors: columns.errors.map((e) => `${importMessages.line(header.line)}: ${e}`) };
  if (rows.length === 0) return importFailed(importMessages.empty);
  if (rows.length > IMPORT_MAX_ATTACKS) return importFailed(importMessages.tooMany(IMPORT_MAX_ATTACKS));

  const errors = new ImportErrors();
  const attacks: AttackData[] = [];
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % IMPORT_STEP === 0) yield;
    const where = importMessages.line(row.line);
    if (row.fields.length !== header.fields.length) {
      errors.add(`${where}: ${importMessages.csvColumns(header.fields.length, row.fields.length)}`);
      continue;
    }
    const attack = readRow(row.fields, columns.value, where, zone, options, errors);
    if (attack) attacks.push(attack);
  }
  return errors.result(attacks);
}

type ColumnIndex = Partial<Record<ColumnKey, number>>;

const headerKeys = new Map<string, ColumnKey>();
for (const c of csvColumns) {
  headerKeys.set(c.header.toLowerCase(), c.key);
  headerKeys.set(c.key.toLowerCase(), c.key);
}

function readHeader(fields: string[]): { ok: true; value: ColumnIndex } | { ok: false; errors: string[] } {
  const index: ColumnIndex = {};
  const errors: string[] = [];
  fields.forEach((field, i) => {
    const name = field.trim();
    const key = headerKeys.get(name.toLowerCase());
    if (!key) errors.push(importMessages.csvUnknownColumn(name));
    else if (index[key] !== undefined) errors.push(importMessages.csvDuplicateColumn(name));
    else index[key] = i;
  });
  for (const key of ["from", "to", "type"] as const) {
    if (index[key] === undefined) errors.push(importMessages.csvMissingColumn(attackFieldLabels[key] as string));
  }
  if (index.arrival === undefined && index.arrivalMs === undefined) errors.push(importMessages.csvMissingColumn("Ankunft"));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: index };
}

const typeByName = new Map<string, AttackType>();
for (const type of attackTypes) {
  typeByName.set(type, type);
  typeByName.set(attackTypeLabels[type].toLowerCase(), type);
}
const unitByName = new Map<string, Unit>();
for (const unit of units) {
  unitByName.set(unit, unit);
  unitByName.set(unitLabels[unit].toLowerCase(), unit);
}

function readRow(fields: string[], columns: ColumnIndex, where: string, zone: string, options: ServerTimeParseOptions, errors: ImportErrors): AttackData | null {
  const get = (key: ColumnKey) => {
    const i = columns[key];
    return i === undefined ? "" : csvCellText((fields[i] as string).trim());
  };
  const before = errors.count;
  const fail = (message: string) => errors.add(`${where}: ${message}`);

  const typeText = get("type");
  const type = typeByName.get(typeText.toLowerCase());
  if (!type) fail(importMessages.csvType(typeText));

  const counts: UnitCounts = {};
  const formulas: UnitFormulas = {};
  for (const unit of units) {
    const text = get(unit);
    if (text === "") continue;
    if (/^\d{1,9}$/.test(text)) {
      counts[unit] = Number(text);
      continue;
    }
    // A DS Workbench formula ("alle-100", "50%") is kept; anything else is no count.
    if (/[a-z%]/i.test(text) && isDynamicAmount(text)) formulas[unit] = text;
    else fail(importMessages.csvCount(unitLabels[unit], text));
  }
  const hasFormulas = Object.keys(formulas).length > 0;

  const unitText = get("unit");
  let unit: Unit | null;
  if (unitText !== "") {
    unit = unitByName.get(unitText.toLowerCase()) ?? null;
    if (!unit) fail(importMessages.csvUnit(unitText));
  } else {
    unit = slowestUnitOnAnyWorld(timedUnits(counts, formulas));
    if (!unit) fail(`${attackFieldLabels.units}: ${attackMessages.noUnits}`);
  }

  const arrival = readArrival(get("arrival"), get("arrivalMs"), zone, options, fail);
  const priorityText = get("priority");
  if (priorityText !== "" && !/^-?\d{1,9}$/.test(priorityText)) fail(importMessages.csvPriority(priorityText));
  if (errors.count > before) return null;

  const parsed = attackDataSchema.safeParse({
    from: get("from"),
    to: get("to"),
    type,
    units: counts,
    ...(hasFormulas ? { formulas } : {}),
    unit,
    arrival,
    priority: priorityText === "" ? ATTACK_PRIORITY_DEFAULT : Number(priorityText),
  });
  if (!parsed.success) {
    errors.addIssues(where, parsed.error);
    return null;
  }
  return parsed.data;
}

/**
 * The edited text wins; the ms column keeps the exact instant while the text still names it. A ms value
 * a spreadsheet mangled (1,76659E+12) is ignored beside a readable text.
 */
function readArrival(text: string, msText: string, zone: string, options: ServerTimeParseOptions, fail: (message: string) => void): number | null {
  const ms = /^\d{1,16}$/.test(msText) ? Number(msText) : null;
  if (text === "") {
    if (msText === "") fail(importMessages.csvNoArrival);
    else if (ms === null) fail(importMessages.csvArrivalMs(msText));
    return ms;
  }
  if (ms !== null && formatServerTime(ms, zone) === text) return ms;
  const parsed = parseServerTime(text, zone, options);
  if (!parsed.ok) {
    fail(parsed.error === serverTimeMessages.format ? importMessages.csvArrival(text) : importMessages.csvArrivalReason(text, parsed.error));
    return null;
  }
  return parsed.value;
}

interface CsvRow {
  /** Line (1-based) the record starts on. */
  line: number;
  fields: string[];
}

/** RFC 4180 with ";" and LF or CRLF line ends; quoted fields may hold ";", quotes ("") and line breaks. */
export function parseCsv(text: string): { ok: true; rows: CsvRow[] } | { ok: false; line: number } {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push({ line: rowLine, fields });
    fields = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"' && field === "") {
      const start = line;
      i++;
      for (;;) {
        if (i >= text.length) return { ok: false, line: start };
        const q = text[i] as string;
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\n") line++;
        field += q;
        i++;
      }
      continue;
    }
    if (ch === SEPARATOR) {
      endField();
    } else if (ch === "\n" || (ch === "\r" && text[i + 1] === "\n")) {
      if (ch === "\r") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== "" || fields.length > 0) endRow();
  return { ok: true, rows };
}
