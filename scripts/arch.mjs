// `npm run arch`: the architecture's figures, read from the source.
//
// - import circles between files (type-only imports count: a circle is a circle),
// - circles between the server's modules (apps/server/src/modules/<name> and its other top folders),
// - source files over 400 lines (tests not counted),
// - references to documents that are not in the repository (the product notes, the specification,
//   issue numbers); the real world files some tests read from a fixtures folder next to the repository,
//   when it is there, are test data, not documents,
// - `/api/` string literals in the web app,
// - web realtime handlers that take `data: unknown` instead of a typed message.
//
// `--check` compares each figure with scripts/arch-baseline.json and fails when one grew: a figure may
// only go down (lower the baseline with `--write-baseline` once it did). `--verbose` lists what counts.
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BASELINE = join(root, "scripts", "arch-baseline.json");
const MAX_LINES = 400;
const args = new Set(process.argv.slice(2));

/** Every file under `dir` whose name passes `keep`, skipping build output and dependencies. */
function walk(dir, keep, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, keep, out);
    else if (keep(name)) out.push(path);
  }
  return out;
}

const isSource = (name) => /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts");
const isTest = (path) => /\.(test|spec)\.(ts|tsx)$/.test(path) || /[/\\](test|tests)[/\\]/.test(path);
const codeRoots = ["packages", "apps", "e2e", "bench", "scripts"].map((d) => join(root, d));
const files = codeRoots.flatMap((dir) => walk(dir, isSource));
const text = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));

// ── Imports between files ─────────────────────────────────────────────────────────────────────────
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (text.has(candidate)) return candidate;
  }
  return null;
}

const edges = new Map(files.map((f) => [f, new Set()]));
for (const [file, source] of text) {
  for (const match of source.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
    if (target && target !== file) edges.get(file).add(target);
  }
}

/** Tarjan's strongly connected components with more than one member (or a self loop). */
function circles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  function connect(v) {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) connect(v);
  return out;
}

const fileCircles = circles(edges);

// ── The server's modules ──────────────────────────────────────────────────────────────────────────
const serverSrc = join(root, "apps", "server", "src");
function serverModule(file) {
  const rel = relative(serverSrc, file);
  if (rel.startsWith("..")) return null;
  const parts = rel.split(/[/\\]/);
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : "(root)";
}
const moduleEdges = new Map();
for (const [file, targets] of edges) {
  if (isTest(file)) continue;
  const from = serverModule(file);
  if (!from) continue;
  if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
  for (const target of targets) {
    const to = serverModule(target);
    if (to && to !== from && !isTest(target)) moduleEdges.get(from).add(to);
  }
}
const moduleCircles = circles(moduleEdges);

// ── Long files ────────────────────────────────────────────────────────────────────────────────────
const lineCount = (source) => source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
const longFiles = [...text].filter(([f, s]) => !isTest(f) && lineCount(s) > MAX_LINES).map(([f, s]) => `${relative(root, f)} (${lineCount(s)})`);
const longTests = [...text].filter(([f, s]) => isTest(f) && lineCount(s) > MAX_LINES).map(([f, s]) => `${relative(root, f)} (${lineCount(s)})`);

// ── References to documents outside the repository ───────────────────────────────────────────────
const OUTSIDE = /PRODUCT(?:\.md)?\s*§|\bPRODUCT\.md\b|\bspec(?:ification)?\s*§|seed-spec|CONVENTIONS\.md|anchors\.md|\.\.\/shared\b(?!\/fixtures\/)|\b[Ii]ssues?\s+#?\d+/g;
const docFiles = [join(root, "README.md"), ...walk(join(root, "docs"), (n) => n.endsWith(".md")), join(root, ".ci", "run")].filter(existsSync);
const outside = [];
for (const file of [...files, ...docFiles]) {
  if (file === fileURLToPath(import.meta.url)) continue;
  const source = text.get(file) ?? readFileSync(file, "utf8");
  source.split("\n").forEach((line, i) => {
    for (const match of line.matchAll(OUTSIDE)) outside.push(`${relative(root, file)}:${i + 1}: ${match[0]}`);
  });
}

// ── The web app's API paths and realtime handlers ────────────────────────────────────────────────
const webSrc = join(root, "apps", "web", "src");
const webFiles = files.filter((f) => f.startsWith(webSrc) && !isTest(f));
const apiLiterals = [];
const untypedHandlers = [];
for (const file of webFiles) {
  const source = text.get(file);
  source.split("\n").forEach((line, i) => {
    if (/["'`]\/api\//.test(line)) apiLiterals.push(`${relative(root, file)}:${i + 1}`);
    if (/realtime/i.test(file) && /export function \w+\([^)]*\bdata: unknown/.test(line)) untypedHandlers.push(`${relative(root, file)}:${i + 1}`);
  });
}

const figures = {
  fileCircles: fileCircles.length,
  serverModuleCircles: moduleCircles.length,
  sourceFilesOver400: longFiles.length,
  outsideReferences: outside.length,
  webApiLiterals: apiLiterals.length,
  untypedRealtimeHandlers: untypedHandlers.length,
};
const details = {
  fileCircles: fileCircles.map((c) => c.map((f) => relative(root, f)).join(" ↔ ")),
  serverModuleCircles: moduleCircles.map((c) => c.join(" ↔ ")),
  sourceFilesOver400: longFiles,
  outsideReferences: outside,
  webApiLiterals: apiLiterals,
  untypedRealtimeHandlers: untypedHandlers,
};
const labels = {
  fileCircles: "Import-Kreise zwischen Dateien",
  serverModuleCircles: "Kreise zwischen Server-Modulen",
  sourceFilesOver400: `Quelldateien über ${MAX_LINES} Zeilen`,
  outsideReferences: "Verweise auf Dokumente außerhalb des Repos",
  webApiLiterals: "`/api/`-Pfade im Web als Text",
  untypedRealtimeHandlers: "Realtime-Handler mit `data: unknown`",
};

const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
let grew = false;
for (const [key, value] of Object.entries(figures)) {
  const limit = baseline[key];
  const over = limit !== undefined && value > limit;
  if (over) grew = true;
  console.log(`${over ? "✘" : "·"} ${labels[key]}: ${value}${limit !== undefined ? ` (höchstens ${limit})` : ""}`);
  if (args.has("--verbose") || over) for (const line of details[key]) console.log(`    ${line}`);
}
console.log(`· Testdateien über ${MAX_LINES} Zeilen (nicht begrenzt): ${longTests.length}`);
if (args.has("--write-baseline")) {
  writeFileSync(BASELINE, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`Grenzen geschrieben: ${relative(root, BASELINE)}`);
}
if (args.has("--check") && grew) {
  console.error("Eine Architektur-Kennzahl ist gestiegen (scripts/arch-baseline.json): bitte die oben genannten Stellen beheben.");
  process.exit(1);
}
