// Bundles src/main.ts into dist/dsbot.user.js: ONE file for Tampermonkey, its metadata block first
// (built from src/metadata.ts, so every market's @match comes from the protocol's list of servers).
// The server offers this file on /downloads with its size and SHA-256 (dist/dsbot.user.js.json).
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const outDir = path.join(here, "dist");
const fileName = "dsbot.user.js";
const outfile = path.join(outDir, fileName);

// The metadata block: src/metadata.ts bundled for Node and imported from memory.
const metadataModule = await build({
  entryPoints: [path.join(here, "src/metadata.ts")],
  bundle: true,
  write: false,
  platform: "node",
  format: "esm",
  logLevel: "warning",
});
const { metadataBlock } = await import(`data:text/javascript;base64,${Buffer.from(metadataModule.outputFiles[0].contents).toString("base64")}`);

/**
 * zod's namespace object carries every locale (~400 KB); the script's messages are our own German ones
 * and zod's default English one is imported on its own, so the locale list is left out.
 */
const withoutZodLocales = {
  name: "without-zod-locales",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: "zod-locales", namespace: "empty" } : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [path.join(here, "src/main.ts")],
  outfile,
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "chrome100",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  banner: { js: `${metadataBlock(pkg.version)}\n` },
  plugins: [withoutZodLocales],
  logLevel: "warning",
});

const bytes = readFileSync(outfile);
const manifest = { fileName, version: pkg.version, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
writeFileSync(`${outfile}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`userscript: ${path.relative(process.cwd(), outfile)} ${(manifest.size / 1000).toFixed(1)} KB, sha256 ${manifest.sha256}`);
