// docs/ARCHITECTURE.md names every server module, and only those that exist.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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
