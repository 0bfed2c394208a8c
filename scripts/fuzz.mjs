// `npm run fuzz`: the fuzz suite (apps/server/src/fuzz-routes.test.ts) with many more cases than CI, a
// random seed and no time budget. Override with DSBOT_FUZZ_RUNS, DSBOT_FUZZ_SEED (an integer replays a
// run), DSBOT_FUZZ_BUDGET_MS; DATABASE_URL runs it against PostgreSQL. Extra arguments go to vitest
// (e.g. `npm run fuzz -- -t "POST /api/users"`).
import { run } from "./lib.mjs";

const env = {
  ...process.env,
  DSBOT_FUZZ_RUNS: process.env.DSBOT_FUZZ_RUNS ?? "500",
  DSBOT_FUZZ_SEED: process.env.DSBOT_FUZZ_SEED ?? "random",
  DSBOT_FUZZ_BUDGET_MS: process.env.DSBOT_FUZZ_BUDGET_MS ?? "0",
  DSBOT_FUZZ_REPORT: process.env.DSBOT_FUZZ_REPORT ?? "1",
};
console.log(`Fuzzing with ${env.DSBOT_FUZZ_RUNS} cases per property, seed ${env.DSBOT_FUZZ_SEED} …`);
const args = ["vitest", "run", "--project", "server", "src/fuzz-routes.test.ts", ...process.argv.slice(2)];
process.exit(await run("npx", args, { env }));
