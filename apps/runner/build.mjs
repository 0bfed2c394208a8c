// Bundles src/cli.ts into dist/dsbot.mjs: the `dsbot` command as ONE file that plain `node` 20 runs
// from an empty folder (no npm install). Everything is bundled, socket.io-client and zod included;
// only ws's optional native speed-ups stay out (ws falls back to JavaScript without them).
// The server offers this file on /downloads with its size and SHA-256 (dist/dsbot.mjs.json).
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
// DSBOT_RUNNER_OUT: another folder (the server's demo test builds into a temp folder).
const outDir = process.env.DSBOT_RUNNER_OUT ? path.resolve(process.env.DSBOT_RUNNER_OUT) : path.join(here, "dist");
const outfile = path.join(outDir, "dsbot.mjs");

// Our own dist folder starts empty; another folder only loses the two files written here.
if (!process.env.DSBOT_RUNNER_OUT) rmSync(outDir, { recursive: true, force: true });
for (const file of [outfile, `${outfile}.json`]) rmSync(file, { force: true });
await build({
  entryPoints: [path.join(here, "src/cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  legalComments: "eof",
  // ws requires these inside try/catch when installed; a player's folder never has them.
  external: ["bufferutil", "utf-8-validate"],
  // Bundled CommonJS packages (ws, debug) call require() for Node built-ins: give the ESM file one.
  banner: {
    js: [
      "#!/usr/bin/env node",
      `// Dsbot ${pkg.version} – der Bot-Runner für dsbot. Start: node dsbot.mjs --help`,
      'import { createRequire as __dsbotCreateRequire } from "node:module";',
      "const require = __dsbotCreateRequire(import.meta.url);",
    ].join("\n"),
  },
  logLevel: "warning",
});

const bytes = readFileSync(outfile);
const manifest = {
  fileName: "dsbot.mjs",
  version: pkg.version,
  size: bytes.length,
  sha256: createHash("sha256").update(bytes).digest("hex"),
};
writeFileSync(`${outfile}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`runner: ${path.relative(process.cwd(), outfile)} ${(manifest.size / 1000).toFixed(1)} KB, sha256 ${manifest.sha256}`);
