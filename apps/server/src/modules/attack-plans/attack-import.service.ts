// Import of a plan's attacks: DS Workbench lines (villages by id on the plan's world), the
// plan's JSON and CSV in (the way out is attack-export.service.ts). An import is all or nothing: any bad
// entry answers every German error (by line or entry) and writes nothing, and the rows of a good one
// appear at once (attack-publish.service.ts).
import type { AttackData, AttackImport, ImportResult } from "@dsbot/protocol";
import {
  attackPlanMessages,
  formatCoord,
  ImportErrors,
  importCsvSteps,
  importDswbSteps,
  importJsonSteps,
  importMessages,
  isSupportType,
  villageLookup,
} from "@dsbot/protocol";
import { ROW_CHUNK, runInSteps, yieldToEventLoop } from "../../db/chunks.js";
import type { Database } from "../../db/client.js";
import type { AttackPlanRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import type { NewAttack } from "./attack-write.service.js";
import { addAttacksToPlan } from "./attack-publish.service.js";
import { attackRow } from "./attack-write.service.js";
import type { WorldVillage } from "../worlds/index.js";
import { boostOf, coordKey, requirePlanWorld, supportBoosts, villagesAt, villagesById } from "../worlds/index.js";

/** The 400 of a failed import: the summary and one issue per German error. */
const importError = (errors: readonly string[]) =>
  badRequest(
    attackPlanMessages.importFailed,
    errors.map((message) => ({ path: "text", message })),
  );

/** The village ids a DS Workbench text names (the first two fields of each line), to fetch only those villages. */
function dswbVillageIds(text: string): number[] {
  const ids = new Set<number>();
  for (const line of text.split("\n")) {
    const [source, target] = line.trim().split("&", 2);
    for (const field of [source, target]) if (field && /^\d{1,10}$/.test(field)) ids.add(Number(field));
  }
  return [...ids];
}

/** For DS Workbench: the (1-based) line of each attack, blank lines skipped as the parser skips them. */
function dswbLines(text: string): number[] {
  const lines: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() !== "") lines.push(i + 1);
  });
  return lines;
}

interface Parsed {
  attacks: AttackData[];
  /** Where each attack came from, for errors: "Zeile 3" or "Eintrag 3". */
  where: (index: number) => string;
  /** Villages already fetched (DS Workbench), by coordKey. */
  villages?: Map<number, WorldVillage>;
}

async function parse(db: Database, worldId: number, timeZone: string, input: AttackImport): Promise<ImportResult<Parsed>> {
  const byEntry = (i: number) => importMessages.entry(i + 1);
  if (input.format === "json") {
    const result = await runInSteps(importJsonSteps(input.text));
    return result.ok ? { ok: true, value: { attacks: result.value.attacks, where: byEntry } } : result;
  }
  if (input.format === "csv") {
    const result = await runInSteps(importCsvSteps(input.text, timeZone, { repeatedHour: input.repeatedHour ?? null }));
    return result.ok ? { ok: true, value: { attacks: result.value, where: byEntry } } : result;
  }
  const known = await villagesById(db, worldId, dswbVillageIds(input.text));
  const result = await runInSteps(importDswbSteps(input.text, villageLookup(known)));
  if (!result.ok) return result;
  const lines = dswbLines(input.text);
  return {
    ok: true,
    value: {
      attacks: result.value,
      where: (i) => importMessages.line(lines[i] ?? i + 1),
      villages: new Map(known.map((v) => [coordKey(v), v])),
    },
  };
}

/** The plan's new attacks from the text; answers how many were imported. */
export async function importAttacks(db: Database, plan: AttackPlanRow, input: AttackImport): Promise<number> {
  const world = await requirePlanWorld(db, plan);
  const parsed = await parse(db, world.world.id, world.timeZone, input);
  if (!parsed.ok) throw importError(parsed.errors);
  const { attacks, where } = parsed.value;
  const villages = parsed.value.villages ?? (await villagesAt(db, world.world.id, attacks.flatMap((a) => [a.from, a.to])));

  const errors = new ImportErrors();
  const resolved: { attack: AttackData; from: WorldVillage; to: WorldVillage; index: number }[] = [];
  attacks.forEach((attack, i) => {
    const from = villages.get(coordKey(attack.from));
    const to = villages.get(coordKey(attack.to));
    if (!from) errors.add(`${where(i)}: ${attackPlanMessages.villageMissing("Startdorf", formatCoord(attack.from))}`);
    if (!to) errors.add(`${where(i)}: ${attackPlanMessages.villageMissing("Zieldorf", formatCoord(attack.to))}`);
    if (from && to) resolved.push({ attack, from, to, index: i });
  });
  const supporters = resolved.filter((r) => isSupportType(r.attack.type)).map((r) => r.from.playerName);
  const boosts = await supportBoosts(db, plan, supporters);
  const rows: NewAttack[] = [];
  for (const [i, { attack, from, to, index }] of resolved.entries()) {
    if (i > 0 && i % ROW_CHUNK === 0) await yieldToEventLoop();
    try {
      rows.push(attackRow({ ...attack, from, to }, world, boostOf(boosts, from.playerName)));
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      errors.add(`${where(index)}: ${error.message}`);
    }
  }
  const checked = errors.result(rows);
  if (!checked.ok) throw importError(checked.errors);
  return addAttacksToPlan(db, plan, checked.value, { replace: input.replace, tooMany: (message) => importError([message]) });
}
