// `npm test`: typecheck, lint, unit + integration tests (PGlite), build, then e2e in Chromium.
import { existsSync } from "node:fs";
import { run, runQuiet } from "./lib.mjs";

// The e2e suite runs Debian's Chromium in its headless shell (e2e/playwright.config.ts); the full browser
// is there for the screenshots and the map bench.
const CHROMIUM = "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const PACKAGES = ["chromium", "chromium-headless-shell"];

async function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium fehlt (${CHROMIUM}, ${HEADLESS_SHELL}). Bitte als root ausführen:\n  apt-get update && apt-get install -y ${PACKAGES.join(" ")}`,
    );
    process.exit(1);
  }
  console.log("› Chromium fehlt: installiere es über apt …");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if ((await run("apt-get", ["update"], { env })) !== 0 || (await run("apt-get", ["install", "-y", ...PACKAGES], { env })) !== 0) {
    console.error("Chromium konnte nicht installiert werden.");
    process.exit(1);
  }
}

// Steps in one group run side by side (typecheck and lint are one process each and use one core
// apiece); their output is printed when the group is done. The groups run one after the other.
const groups = [
  [
    ["Typecheck", "npm", ["run", "typecheck"]],
    ["Lint", "npm", ["run", "lint"]],
  ],
  [["Unit- und Integrationstests", "npx", ["vitest", "run"]]],
  [["Build", "npm", ["run", "build"]]],
  [["E2E (Chromium)", "npm", ["test", "-w", "@dsbot/e2e"]]],
];

await ensureChromium();
const results = [];
for (const group of groups) {
  const started = Date.now();
  if (group.length === 1) {
    const [[name, command, args]] = group;
    console.log(`\n━━ ${name} ━━`);
    const code = await run(command, args);
    results.push([name, code, ((Date.now() - started) / 1000).toFixed(1)]);
  } else {
    console.log(`\n━━ ${group.map(([name]) => name).join(" und ")} (gleichzeitig) ━━`);
    const done = await Promise.all(
      group.map(async ([name, command, args]) => {
        const outcome = await runQuiet(command, args);
        return { name, ...outcome, seconds: ((Date.now() - started) / 1000).toFixed(1) };
      }),
    );
    for (const { name, code, output, seconds } of done) {
      console.log(`\n── ${name} ──\n${output.trimEnd()}`);
      results.push([name, code, seconds]);
    }
  }
  if (results.some(([, code]) => code !== 0)) break;
}
console.log("\n━━ Zusammenfassung ━━");
for (const [name, code, seconds] of results) console.log(`${code === 0 ? "✔" : "✘"} ${name} (${seconds} s)`);
const failed = results.some(([, code]) => code !== 0);
process.exit(failed ? 1 : 0);
