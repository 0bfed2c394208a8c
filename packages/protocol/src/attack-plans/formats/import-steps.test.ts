// The importers pause every IMPORT_STEP entries (the server lets other requests run there) and give the
// same result as without pausing.
import { describe, expect, it } from "vitest";
import type { AttackData } from "../attack.js";
import { exportCsv, importCsvSteps } from "./csv.js";
import { exportDswb, importDswbSteps, villageLookup } from "./dswb.js";
import { IMPORT_STEP, runSteps, type ImportResult } from "./import-result.js";
import { exportJson, importJsonSteps } from "./json.js";

const count = 2 * IMPORT_STEP + 1;
const villages = [{ id: 1, x: 500, y: 500 }, { id: 2, x: 510, y: 490 }];
const attacks: AttackData[] = Array.from({ length: count }, (_, i) => ({
  from: { x: 500, y: 500 },
  to: { x: 510, y: 490 },
  type: "attack",
  units: { axe: 100 + i },
  unit: "axe",
  arrival: 1_900_000_000_000 + i,
  priority: 3,
}));

function pauses<T>(steps: Generator<void, T, void>): { pauses: number; result: T } {
  let n = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { pauses: n, result: step.value };
    n++;
  }
}

/** Two pauses for 2,001 entries, a good result, the same as without pausing. */
function expectPausedTwice<T>(steps: () => Generator<void, ImportResult<T>, void>): void {
  const { pauses: n, result } = pauses(steps());
  expect(n).toBe(2);
  expect(result.ok).toBe(true);
  expect(runSteps(steps())).toEqual(result);
}

describe("importers in steps", () => {
  it("pause every IMPORT_STEP entries of JSON, CSV and DS Workbench", () => {
    const lookup = villageLookup(villages);
    const dswb = exportDswb(attacks, lookup);
    if (!dswb.ok) throw new Error(dswb.errors.join());
    expectPausedTwice(() => importJsonSteps(exportJson(attacks)));
    expectPausedTwice(() => importCsvSteps(exportCsv(attacks, "Europe/Berlin"), "Europe/Berlin"));
    expectPausedTwice(() => importDswbSteps(dswb.value, lookup));
  });
});
