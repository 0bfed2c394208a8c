// GET /api/downloads and the file download through the real app, against runner and userscript folders
// written here: size and SHA-256 describe exactly the bytes served, a rebuilt file is noticed, a
// missing build is an honest null with a German 404 for its file.
import { createHash } from "node:crypto";
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { downloadsResponseSchema, errorMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp, tempDir } from "../../../test/test-app.js";

const runner = tempDir("dsbot-downloads-");
const file = path.join(runner.dir, "dsbot.mjs");
const scriptDir = tempDir("dsbot-downloads-userscript-");
const scriptFile = path.join(scriptDir.dir, "dsbot.user.js");
let app: TestApp;
let token: string;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

function writeRunner(content: string, version = "1.2.3", mtime = new Date()): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.json`, JSON.stringify({ fileName: "dsbot.mjs", version, size: 0, sha256: "stale" }));
  utimesSync(file, mtime, mtime);
}

async function list() {
  const response = await app.fastify.inject({ method: "GET", url: "/api/downloads", headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return downloadsResponseSchema.parse(response.json()).downloads;
}

beforeAll(async () => {
  app = await createTestApp({ runnerDir: runner.dir, userscriptDir: scriptDir.dir });
  token = await loginAs(app, await createUser(app));
});
afterAll(async () => {
  await app?.dispose();
  runner.remove();
  scriptDir.remove();
});

describe("downloads", () => {
  it("lists the runner with the size and hash of the file itself and serves exactly those bytes", async () => {
    const content = "#!/usr/bin/env node\nconsole.log('Dsbot – äöü');\n";
    writeRunner(content, "1.2.3");
    const [dsbot, userscript] = await list();
    expect(dsbot).toEqual({
      type: "dsbot",
      file: { fileName: "dsbot.mjs", version: "1.2.3", size: Buffer.byteLength(content), sha256: sha256(content), url: "/api/downloads/dsbot/file" },
    });
    expect(userscript).toEqual({ type: "userscript", file: null });

    // Public: a plain link or curl fetches it without a token.
    const response = await app.fastify.inject({ method: "GET", url: "/api/downloads/dsbot/file" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="dsbot.mjs"');
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(content));
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(sha256(response.rawPayload)).toBe(dsbot?.file?.sha256);
  });

  it("lists the userscript with its own version, size and hash and serves it as dsbot.user.js", async () => {
    const content = "// ==UserScript==\n// @name dsbot\n// @version 0.3.0\n// ==/UserScript==\nconsole.log('Tab-Anfragen – äöü');\n";
    writeFileSync(scriptFile, content);
    writeFileSync(`${scriptFile}.json`, JSON.stringify({ fileName: "dsbot.user.js", version: "0.3.0", size: 0, sha256: "stale" }));
    const [, listed] = await list();
    expect(listed).toEqual({
      type: "userscript",
      file: { fileName: "dsbot.user.js", version: "0.3.0", size: Buffer.byteLength(content), sha256: sha256(content), url: "/api/downloads/userscript/file" },
    });
    const response = await app.fastify.inject({ method: "GET", url: "/api/downloads/userscript/file" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="dsbot.user.js"');
    expect(sha256(response.rawPayload)).toBe(listed?.file?.sha256);
    rmSync(scriptFile, { force: true });
    expect((await list())[1]).toEqual({ type: "userscript", file: null });
  });

  it("notices a rebuilt runner", async () => {
    writeRunner("console.log(1);\n", "1.0.0", new Date(Date.now() - 60_000));
    const before = (await list())[0]?.file;
    writeRunner("console.log(2); // rebuilt\n", "1.0.1");
    const after = (await list())[0]?.file;
    expect(after?.sha256).toBe(sha256("console.log(2); // rebuilt\n"));
    expect(after?.sha256).not.toBe(before?.sha256);
    expect(after?.version).toBe("1.0.1");
    const response = await app.fastify.inject({ method: "GET", url: "/api/downloads/dsbot/file" });
    expect(response.body).toBe("console.log(2); // rebuilt\n");
  });

  it("says plainly when there is nothing to download", async () => {
    rmSync(file, { force: true });
    expect((await list())[0]).toEqual({ type: "dsbot", file: null });
    for (const type of ["dsbot", "userscript"]) {
      const response = await app.fastify.inject({ method: "GET", url: `/api/downloads/${type}/file` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "not_found", message: errorMessages.downloadNotAvailable } });
    }
  });

  it("needs a session for the list and refuses unknown types", async () => {
    expect((await app.fastify.inject({ method: "GET", url: "/api/downloads" })).statusCode).toBe(401);
    const unknown = await app.fastify.inject({ method: "GET", url: "/api/downloads/malware/file" });
    expect(unknown.statusCode).toBe(400);
  });
});
