// Bundles src/main.ts into dist/main.js, the worker threads' entry into dist/worker.js (next to it, where
// workers/worker-pool.ts looks for it) and the embedded database's thread into dist/pglite-worker.js.
// Packages stay external (native/wasm parts, resolved from node_modules at run time); only
// @dsbot/protocol is bundled because it ships as TypeScript source.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith("@dsbot/"));

await build({
  entryPoints: {
    main: path.join(here, "src/main.ts"),
    worker: path.join(here, "src/workers/worker-main.ts"),
    "pglite-worker": path.join(here, "src/db/pglite-worker.ts"),
  },
  outdir: path.join(here, "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  // Some CommonJS dependencies call require(); ESM output has none unless we create one.
  banner: { js: "import { createRequire as __dsbotCreateRequire } from 'node:module'; const require = __dsbotCreateRequire(import.meta.url);" },
  logLevel: "info",
});
