// docs/ARCHITECTURE.md names every server module, and only those that exist; every module has a front
// door, and app.ts registers each module that has routes or bot socket events.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { serverModules } from "./app.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(here, "modules");
const architecture = path.join(here, "..", "..", "..", "docs", "ARCHITECTURE.md");

/** The module names in the first column of the "Server modules" table. */
function documentedModules(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith("Server modules"));
  if (!section) return [];
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1]!);
}

describe("docs/ARCHITECTURE.md", () => {
  it("lists exactly the folders under apps/server/src/modules", () => {
    const folders = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());
    expect(documentedModules(readFileSync(architecture, "utf8")).sort()).toEqual(folders.sort());
  });
});

describe("server modules", () => {
  const folders = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());

  it("each has an index.ts", () => {
    expect(folders.filter((name) => !readdirSync(path.join(modulesDir, name)).includes("index.ts"))).toEqual([]);
  });

  it("app.ts registers exactly the modules with routes or bot socket events", () => {
    const withEntries = folders.filter((name) =>
      readdirSync(path.join(modulesDir, name)).some((file) => /\.(routes|socket)\.ts$/.test(file)),
    );
    expect(serverModules.map((module) => module.name).sort()).toEqual(withEntries.sort());
  });
});
