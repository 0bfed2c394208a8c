// The formats as parts (header, a line per attack, footer): joined they are exactly the formats' own
// exports, so the server may write them a chunk at a time; the estimate grows with template and count.
import { describe, expect, it } from "vitest";
import { ATTACK_IMPORT_TEXT_MAX, ATTACK_PLAN_MAX_ATTACKS } from "../api.js";
import type { AttackData } from "../attack.js";
import { csvWriter, exportCsv } from "./csv.js";
import { dswbLine, dswbWriter, exportDswb, villageLookup } from "./dswb.js";
import { estimateExport, writeAll } from "./export-writer.js";
import type { ImportResult } from "./import-result.js";
import { exportJson, jsonWriter } from "./json.js";
import { attackTextWriter, renderAttackText, typicalAttackTextRow, type AttackTextRow } from "./text.js";

const attacks: AttackData[] = [
  { from: { x: 500, y: 500 }, to: { x: 503, y: 504 }, type: "wallbreaker", units: { axe: 100, ram: 5 }, unit: "ram", arrival: 1_900_000_000_123, priority: 3 },
  { from: { x: 510, y: 490 }, to: { x: 503, y: 504 }, type: "support", units: { spear: 50 }, unit: "spear", arrival: 1_900_000_001_000, priority: 1 },
];
const rows: AttackTextRow[] = attacks.map((a, i) => ({ ...a, sendTime: a.arrival - 3_600_000, attacker: "Kalle", defender: i === 0 ? null : "Otto", fromVillageId: 1 + i, toVillageId: 9 }));
const world = { server: "die-staemme.de", world: "de230" };

function ok<T>(result: ImportResult<T>): T {
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.value;
}

describe("export writers", () => {
  it("write a full plan in every importable format within the import limit, so it can come back", () => {
    const name = "P".repeat(100);
    const dswb = { header: "", footer: "", line: (row: AttackTextRow) => dswbLine(row, 123_456, 654_321) };
    for (const writer of [jsonWriter({ name, world: "de230" }), csvWriter("Europe/Berlin"), dswb]) {
      expect(estimateExport(writer, ATTACK_PLAN_MAX_ATTACKS, typicalAttackTextRow)).toBeLessThanOrEqual(ATTACK_IMPORT_TEXT_MAX);
    }
  });
  it("join to exactly the formats' own exports", () => {
    expect(writeAll(jsonWriter({ name: "Ostfront", world: "de230" }), attacks)).toBe(exportJson(attacks, { name: "Ostfront", world: "de230" }));
    expect(JSON.parse(writeAll(jsonWriter(), []))).toEqual(JSON.parse(exportJson([])));
    expect(writeAll(csvWriter("Europe/Berlin"), attacks)).toBe(exportCsv(attacks, "Europe/Berlin"));
    const lookup = villageLookup([{ id: 1, x: 500, y: 500 }, { id: 2, x: 510, y: 490 }, { id: 9, x: 503, y: 504 }]);
    expect(exportDswb(attacks, lookup)).toEqual({ ok: true, value: attacks.map((a, i) => dswbLine(a, 1 + i, 9)).join("") });
    // DS Workbench's writer holds the lines back until the end, merging equal attacks (three of the first).
    const dswbRows = [rows[0], rows[1], rows[0], rows[0]] as AttackTextRow[];
    const merged = { ok: true, value: `${dswbLine(attacks[0] as AttackData, 1, 9, {}, 3)}${dswbLine(attacks[1] as AttackData, 2, 9)}` };
    expect(exportDswb(dswbRows, lookup)).toEqual(merged);
    expect(writeAll(dswbWriter(), dswbRows)).toBe(merged.value);
    expect(estimateExport(dswbWriter(), 4, rows[0] as AttackTextRow)).toBe(4 * dswbLine(rows[0] as AttackTextRow, 1, 9).length);
    const options = { template: "Kopf %ELEMENT_COUNT%\n%LIST_START%%ELEMENT_ID%/%ELEMENT_COUNT% %ATTACKER% %PLACE%%LIST_END%Fuß", format: "bbcode" as const, timeZone: "Europe/Berlin", world };
    expect(writeAll(ok(attackTextWriter(rows.length, options)), rows)).toBe(ok(renderAttackText(rows, options)));
  });

  it("estimate a template's text from a typical attack: 90 rally-point links a line make about 10 kB per attack", () => {
    const template = `%LIST_START%${"%PLACE%".repeat(90)}%LIST_END%`;
    expect(template).toHaveLength(652);
    const writer = ok(attackTextWriter(50_000, { template, format: "bbcode", timeZone: "Europe/Berlin", world }));
    const estimate = estimateExport(writer, 50_000, typicalAttackTextRow);
    expect(estimate).toBeGreaterThan(400_000_000);
    expect(estimate).toBeLessThan(700_000_000);
    expect(estimateExport(writer, 100, typicalAttackTextRow)).toBe(estimate / 500);
  });
});
