// Small helpers shared by the root scripts: run a command, check whether a build is stale.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Run a command with inherited stdio; resolves with its exit code. */
export async function run(command, args, options = {}) {
  return (await runCommand(command, args, options)).code;
}

/** Run a command with its output held back; resolves with its exit code and what it printed. */
export function runQuiet(command, args, options = {}) {
  return runCommand(command, args, { ...options, capture: true });
}

function runCommand(command, args, { capture = false, ...options }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", ...options });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    const printed = () => Buffer.concat(output).toString();
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: printed() }));
    child.on("error", (err) => {
      if (!capture) console.error(err.message);
      resolve({ code: 1, output: capture ? `${printed()}${err.message}` : "" });
    });
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const builtAt = statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export const builds = [
  {
    name: "web",
    output: "apps/web/dist/index.html",
    inputs: ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/vite-precompress.ts", "apps/web/public", "packages/protocol/src"],
    command: ["npm", ["run", "build", "-w", "@dsbot/web"]],
  },
  {
    name: "server",
    output: "apps/server/dist/main.js",
    inputs: ["apps/server/src", "apps/server/build.mjs", "packages/protocol/src"],
    command: ["npm", ["run", "build", "-w", "@dsbot/server"]],
  },
  {
    name: "runner",
    output: "apps/runner/dist/dsbot.mjs",
    inputs: ["apps/runner/src", "apps/runner/build.mjs", "apps/runner/package.json", "packages/sandbox/src", "packages/protocol/src"],
    command: ["npm", ["run", "build", "-w", "@dsbot/runner"]],
  },
  {
    name: "userscript",
    output: "apps/userscript/dist/dsbot.user.js",
    inputs: ["apps/userscript/src", "apps/userscript/build.mjs", "apps/userscript/package.json", "packages/protocol/src"],
    command: ["npm", ["run", "build", "-w", "@dsbot/userscript"]],
  },
];

/** Build whatever is missing or out of date; exits the process on failure. */
export async function buildMissing() {
  for (const build of builds) {
    if (!isStale(build.output, build.inputs)) continue;
    console.log(`› Baue ${build.name} …`);
    const code = await run(...build.command);
    if (code !== 0) {
      console.error(`Build von ${build.name} fehlgeschlagen.`);
      process.exit(code);
    }
  }
}
