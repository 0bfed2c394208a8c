// `npm run world:generate -- [--villages N] [--seed N] [--unit-speed N] <dir>`: writes a generated world
// (the demo world's generator) in the game's own files into <dir>, ready for `npm run world:import` or
// the admin page. The benchmark uses it for its 100k world. --unit-speed writes a fast world's config
// (a runner plays it with `dsbot run --unit-speed N`).
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_WORLD } from "@dsbot/protocol";
import { writeGeneratedWorldFiles } from "../demo/demo-world.js";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: { villages: { type: "string" }, seed: { type: "string" }, "unit-speed": { type: "string" } },
  allowPositionals: true,
});
const dir = positionals[0] ?? fail("Verwendung: npm run world:generate -- [--villages N] [--seed N] [--unit-speed N] <Ordner>");
const villages = values.villages === undefined ? DEMO_WORLD.villages : Number(values.villages);
const seed = values.seed === undefined ? DEMO_WORLD.seed : Number(values.seed);
if (!Number.isInteger(villages) || villages < 1) fail("--villages muss eine positive ganze Zahl sein");
if (!Number.isInteger(seed)) fail("--seed muss eine ganze Zahl sein");
const unitSpeed = values["unit-speed"] === undefined ? 1 : Number(values["unit-speed"]);
if (!Number.isFinite(unitSpeed) || unitSpeed <= 0) fail("--unit-speed muss eine positive Zahl sein");

const started = Date.now();
try {
  const written = writeGeneratedWorldFiles({ ...DEMO_WORLD, seed, villages }, path.resolve(dir), { unitSpeed });
  console.log(`${villages} Dörfer (Seed ${seed}) in ${Date.now() - started} ms geschrieben:`);
  for (const file of written.values()) console.log(`  ${file}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
