// The merge of Stammes-Eingänge from each reporter's rows: one row per command (same target, origin and
// arrival to the millisecond), a bot's report before a paste, then the lower id; landed ones left out;
// arrival order; the earliest kept at the limit.
import type { IncomingKind } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import type { ScopeRows } from "./tribe-board-scopes.js";
import { mergeWalk } from "./tribe-board-scopes.js";

type Row = { id: number; target: [number, number]; origin: [number, number]; arrival: number; kind?: IncomingKind };

const part = (bot: boolean, rows: Row[]): ScopeRows => ({
  ids: Int32Array.from(rows, (r) => r.id),
  fields: Int16Array.from(rows.flatMap((r) => [...r.target, ...r.origin])),
  arrivals: Float64Array.from(rows, (r) => r.arrival),
  kinds: rows.map((r) => r.kind ?? "attack"),
  bot,
});

describe("mergeWalk", () => {
  it("makes one row of a command several members reported, a bot's report first, then the lower id", () => {
    const anna = part(false, [
      { id: 5, target: [500, 500], origin: [520, 480], arrival: 2_000 },
      { id: 6, target: [500, 500], origin: [510, 490], arrival: 1_500, kind: "noble" },
    ]);
    const bert = part(false, [{ id: 3, target: [500, 500], origin: [510, 490], arrival: 1_500 }]);
    const bot = part(true, [{ id: 9, target: [500, 500], origin: [520, 480], arrival: 2_000, kind: "noble" }]);
    const walk = mergeWalk([anna, bert, bot], 1_000, 10);
    expect([...walk.ids]).toEqual([3, 9]);
    expect([...walk.seen]).toEqual([2, 2]);
    expect([...walk.arrivals]).toEqual([1_500, 2_000]);
    expect(walk.kinds).toEqual(["attack", "noble"]);
    // One field or one millisecond apart: another command.
    const other = part(false, [
      { id: 7, target: [500, 501], origin: [520, 480], arrival: 2_000 },
      { id: 8, target: [500, 500], origin: [520, 480], arrival: 2_001 },
    ]);
    expect([...mergeWalk([anna, other], 1_000, 10).ids]).toEqual([6, 5, 7, 8]);
  });

  it("leaves out what has landed and keeps the earliest at the limit", () => {
    const rows = part(false, [
      { id: 1, target: [1, 1], origin: [2, 2], arrival: 900 },
      { id: 2, target: [1, 1], origin: [2, 2], arrival: 1_000 },
      { id: 4, target: [1, 1], origin: [3, 3], arrival: 3_000 },
      { id: 3, target: [1, 1], origin: [4, 4], arrival: 3_000 },
      { id: 5, target: [1, 1], origin: [5, 5], arrival: 4_000 },
    ]);
    expect([...mergeWalk([rows], 1_000, 2).ids]).toEqual([3, 4]);
    expect(mergeWalk([], 0, 2).ids.length).toBe(0);
  });
});
