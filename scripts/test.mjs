// `npm test`: typecheck, lint, unit + integration tests (PGlite), build, then e2e in Chromium.
import { existsSync } from "node:fs";
import { run } from "./lib.mjs";

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

const steps = [
  ["Typecheck", "npm", ["run", "typecheck"]],
  ["Lint", "npm", ["run", "lint"]],
  ["Unit- und Integrationstests", "npx", ["vitest", "run"]],
  ["Build", "npm", ["run", "build"]],
  ["E2E (Chromium)", "npm", ["test", "-w", "@dsbot/e2e"]],
];

await ensureChromium();
const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await run(command, args);
  results.push([name, code, ((Date.now() - started) / 1000).toFixed(1)]);
  if (code !== 0) break;
}
console.log("\n━━ Zusammenfassung ━━");
for (const [name, code, seconds] of results) console.log(`${code === 0 ? "✔" : "✘"} ${name} (${seconds} s)`);
const failed = results.some(([, code]) => code !== 0);
process.exit(failed ? 1 : 0);
