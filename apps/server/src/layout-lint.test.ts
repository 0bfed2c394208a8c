// The layout rules of eslint.config.js: the server and the web app import only packages/protocol of
// ours, the protocol nothing of ours; a server module is imported through its index.ts. Linted as the
// real config lints the repo.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function layoutErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layout lint rule", () => {
  it.each([
    ["apps/server/src/demo/x.ts", 'import { createRunner } from "@dsbot/runner";\nexport const r = createRunner;\n'],
    ["apps/server/src/demo/x.ts", 'import { SandboxWorld } from "@dsbot/sandbox";\nexport const w = SandboxWorld;\n'],
    ["apps/server/src/demo/x.ts", 'export { SandboxWorld } from "@dsbot/sandbox";\n'],
    ["apps/server/src/demo/x.ts", 'import type { Runner } from "@dsbot/runner";\nexport type R = Runner;\n'],
    ["apps/server/src/demo/x.ts", 'import { createRunner } from "../../../runner/src/index.js";\nexport const r = createRunner;\n'],
    ["apps/server/test/x.ts", 'import { SandboxWorld } from "../../../packages/sandbox/src/index.js";\nexport const w = SandboxWorld;\n'],
    ["apps/web/src/features/x.ts", 'import { buildApp } from "../../../server/src/app.js";\nexport const b = buildApp;\n'],
    ["apps/web/src/features/x.ts", 'import { SandboxWorld } from "@dsbot/sandbox";\nexport const w = SandboxWorld;\n'],
    ["packages/protocol/src/x.ts", 'import { createRunner } from "@dsbot/runner";\nexport const r = createRunner;\n'],
    ["apps/userscript/src/x.ts", 'import { SandboxWorld } from "@dsbot/sandbox";\nexport const w = SandboxWorld;\n'],
    ["apps/userscript/src/x.ts", 'import { buildApp } from "../../server/src/app.js";\nexport const b = buildApp;\n'],
    ["packages/protocol/src/x.ts", 'import { buildApp } from "../../../apps/server/src/app.js";\nexport const b = buildApp;\n'],
  ])("refuses %s: %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([expect.stringContaining("Layout:")]);
  });

  it.each([
    ["apps/server/src/demo/x.ts", 'import { errorMessages } from "@dsbot/protocol";\nimport { z } from "zod";\nexport const e = [errorMessages, z];\n'],
    ["apps/server/src/modules/x.ts", 'import { createTestApp } from "../../test/test-app.js";\nexport const c = createTestApp;\n'],
    ["apps/web/src/features/x.ts", 'import { errorMessages } from "@dsbot/protocol";\nexport const e = errorMessages;\n'],
    ["apps/userscript/src/x.ts", 'import { parseGamePage } from "@dsbot/protocol";\nexport const p = parseGamePage;\n'],
    ["packages/protocol/src/modules/x.ts", 'import { z } from "zod";\nimport { text } from "../validation.js";\nexport const t = [z, text];\n'],
    // The runner may use the sandbox: it is the runner's game driver.
    ["apps/runner/src/x.ts", 'import { SandboxWorld } from "@dsbot/sandbox";\nexport const w = SandboxWorld;\n'],
  ])("allows %s: %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([]);
  });
});

describe("server module front doors", () => {
  it.each([
    ["apps/server/src/modules/users/x.ts", 'import { getBotRow } from "../dsbots/dsbots.service.js";\nexport const g = getBotRow;\n'],
    ["apps/server/src/modules/users/x.ts", 'export { getBotRow } from "../dsbots/dsbots.service.js";\n'],
    ["apps/server/src/realtime/x.ts", 'import { getBotRow } from "../modules/dsbots/dsbots.service.js";\nexport const g = getBotRow;\n'],
    ["apps/server/src/app-x.ts", 'import type { NewAttack } from "./modules/attack-plans/attack-write.service.js";\nexport type N = NewAttack;\n'],
  ])("refuses %s: %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([expect.stringContaining("index.ts")]);
  });

  it.each([
    ["apps/server/src/modules/users/x.ts", 'import { getBotRow } from "../dsbots/index.js";\nexport const g = getBotRow;\n'],
    ["apps/server/src/modules/users/x.ts", 'import { getUser } from "./users.service.js";\nimport { db } from "../../db/client.js";\nexport const g = [getUser, db];\n'],
    ["apps/server/src/realtime/x.ts", 'import { getBotRow } from "../modules/dsbots/index.js";\nexport const g = getBotRow;\n'],
    ["apps/server/src/modules/users/x.test.ts", 'import { getBotRow } from "../dsbots/dsbots.service.js";\nexport const g = getBotRow;\n'],
  ])("allows %s: %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([]);
  });
});

describe("web feature front doors", () => {
  // A web feature is reached through its index.ts; only its pages (routes/) may be named directly.
  it.each([
    ["apps/web/src/features/bots/components/x.tsx", 'import { a } from "../../search/components/y";\nexport const b = a;\n'],
    ["apps/web/src/app/x.tsx", 'import { a } from "../features/search/api/z";\nexport const b = a;\n'],
    ["apps/web/src/app/layout/x.tsx", 'import type { A } from "@/features/search/stores/z";\nexport type B = A;\n'],
  ])("refuses %s: %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([expect.stringContaining("Features:")]);
  });

  it.each([
    ["apps/web/src/app/layout/x.tsx", 'import { a } from "@/features/search";\nexport const b = a;\n'],
    ["apps/web/src/app/x.tsx", 'import { a } from "@/features/search/routes/search-route";\nexport const b = a;\n'],
    ["apps/web/src/features/bots/components/x.tsx", 'import { a } from "../api/bots-api";\nimport { c } from "../../../lib/api";\nexport const b = [a, c];\n'],
    ["apps/web/src/features/bots/components/x.test.tsx", 'import { a } from "../../search/components/y";\nexport const b = a;\n'],
  ])("allows %s: %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([]);
  });
});
