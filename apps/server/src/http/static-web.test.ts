// Issue 9, finding 7: paths that climb out of the web app's folder (`..`, encoded `%2e%2e`, `%5c`)
// answer 404 like any missing file, never 500 and never a file outside the folder. Real HTTP
// requests over a socket, since fastify.inject normalises the path before the router sees it.
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { errorMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../test/bots.js";
import type { TestApp } from "../../test/test-app.js";
import { captureLog, createTestApp, tempDir } from "../../test/test-app.js";

const INDEX_MARKER = "dsbot-index-7c1e";
const ASSET_MARKER = "dsbot-asset-52ab";
const SECRET_MARKER = "dsbot-secret-e90d";

const temp = tempDir("dsbot-static-");
const webDir = path.join(temp.dir, "web");
const log = captureLog();
let app: TestApp;
let port: number;

beforeAll(async () => {
  mkdirSync(path.join(webDir, "assets"), { recursive: true });
  writeFileSync(path.join(webDir, "index.html"), `<!doctype html><title>${INDEX_MARKER}</title>`);
  writeFileSync(path.join(webDir, "assets", "app-1234.js"), `console.log("${ASSET_MARKER}");`);
  // Next to the web folder, one level up: what a traversal would reach first.
  writeFileSync(path.join(temp.dir, "secret.txt"), SECRET_MARKER);
  writeFileSync(path.join(temp.dir, "package.json"), `{"name":"${SECRET_MARKER}"}`);
  app = await createTestApp({ webDir, logLevel: "info" }, { logStream: log.stream });
  port = Number(new URL(await listen(app)).port);
});
afterAll(async () => {
  await app?.dispose();
  temp.remove();
});

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** Sends the request line exactly as written (no client-side normalisation) and reads the answer. */
function rawGet(target: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.slice(0, split);
      resolve({ status: Number(head.split(" ")[1]), headers: head, body: raw.slice(split + 4) });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

const notFound = { error: { code: "not_found", message: errorMessages.routeNotFound } };

/** Paths that try to leave the web folder: each answers the JSON 404. */
const traversals = [
  "/../../etc/passwd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
  "/..%5c..%5cpackage.json",
  "/..%5csecret.txt",
  "/../secret.txt",
  "/%2e%2e/secret.txt",
  "/assets/../../secret.txt",
  "/assets/%2e%2e/%2e%2e/secret.txt",
  "/assets/..%2f..%2fsecret.txt",
  "/%2e%2e%2fsecret.txt",
  "/..",
  "/api/../../etc/passwd",
];

describe("static files and path traversal", () => {
  it("serves the app and its assets (the setup works)", async () => {
    const index = await rawGet("/");
    expect(index.status).toBe(200);
    expect(index.body).toContain(INDEX_MARKER);
    const asset = await rawGet("/assets/app-1234.js");
    expect(asset.status).toBe(200);
    expect(asset.body).toContain(ASSET_MARKER);
  });

  it.each(traversals)("GET %s answers 404 without any file's contents", async (target) => {
    const response = await rawGet(target);
    expect(response.status, response.body).toBe(404);
    expect(JSON.parse(response.body)).toEqual(notFound);
    expect(response.body).not.toContain(SECRET_MARKER);
    expect(response.body).not.toContain("root:");
    expect(response.body).not.toContain(INDEX_MARKER);
  });

  it("a page path with a harmless `..` that stays inside the app gets the app (history fallback)", async () => {
    for (const target of ["/bots/../profile", "/bots/%2e%2e/profile"]) {
      const response = await rawGet(target);
      expect(response.status, target).toBe(200);
      expect(response.body).toContain(INDEX_MARKER);
    }
    const asset = await rawGet("/bots/../assets/app-1234.js");
    expect(asset.status).toBe(200);
    expect(asset.body).toContain(ASSET_MARKER);
  });

  it("a missing asset is a 404, not the app", async () => {
    const response = await rawGet("/assets/missing-0000.js");
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual(notFound);
  });

  it("logged nothing at error level and no stack", () => {
    const lines = log.lines();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(log.text()).not.toContain('"stack"');
    expect(log.text()).not.toContain(SECRET_MARKER);
  });
});
