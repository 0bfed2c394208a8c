// Bundles src/cli.ts into dist/cli.js (the `dsbot` command). Only socket.io-client stays external;
// @dsbot/protocol and @dsbot/sandbox ship as TypeScript source and are bundled.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith("@dsbot/"));

await build({
  entryPoints: [path.join(here, "src/cli.ts")],
  outfile: path.join(here, "dist/cli.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  banner: { js: "#!/usr/bin/env node" },
  logLevel: "info",
});
