// Paths that climb out of the web app's folder (`..`, encoded `%2e%2e`, `%5c`)
// answer 404 like any missing file, never 500 and never a file outside the folder. Real HTTP
// requests over a socket, since fastify.inject normalises the path before the router sees it.
// The build's `.br`/`.gz` files are sent as Accept-Encoding asks, the fallback included.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { errorMessages } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../test/bots.js";
import type { TestApp } from "../../test/test-app.js";
import { captureLog, createTestApp, tempDir } from "../../test/test-app.js";

const INDEX_MARKER = "dsbot-index-7c1e";
const ASSET_MARKER = "dsbot-asset-52ab";
const SECRET_MARKER = "dsbot-secret-e90d";
const INDEX_HTML = `<!doctype html><title>${INDEX_MARKER}</title>`;
const ASSET_JS = `console.log("${ASSET_MARKER}");\n`.repeat(40);

const temp = tempDir("dsbot-static-");
const webDir = path.join(temp.dir, "web");
const log = captureLog();
let app: TestApp;
let port: number;

beforeAll(async () => {
  mkdirSync(path.join(webDir, "assets"), { recursive: true });
  // As the build leaves them: each compressible file with its `.br` and `.gz` (vite-precompress.ts).
  for (const [file, text] of [
    ["index.html", INDEX_HTML],
    [path.join("assets", "app-1234.js"), ASSET_JS],
  ] as const) {
    writeFileSync(path.join(webDir, file), text);
    writeFileSync(path.join(webDir, `${file}.br`), zlib.brotliCompressSync(text));
    writeFileSync(path.join(webDir, `${file}.gz`), zlib.gzipSync(text, { level: 9 }));
  }
  // Fonts and images are compressed already: no variants.
  writeFileSync(path.join(webDir, "assets", "font-5678.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3]));
  // Next to the web folder, one level up: what a traversal would reach first.
  writeFileSync(path.join(temp.dir, "secret.txt"), SECRET_MARKER);
  writeFileSync(path.join(temp.dir, "secret.txt.br"), zlib.brotliCompressSync(SECRET_MARKER));
  writeFileSync(path.join(temp.dir, "secret.txt.gz"), zlib.gzipSync(SECRET_MARKER));
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
  /** The body's bytes as received (still encoded). */
  raw: Buffer;
  /** One response header by lower-case name (undefined when absent). */
  header: (name: string) => string | undefined;
}

/** Sends the request line exactly as written (no client-side normalisation) and reads the answer. */
function rawRequest(target: string, extraHeaders: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1");
      const raw = all.subarray(split + 4);
      const header = (name: string) =>
        head
          .split("\r\n")
          .slice(1)
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      resolve({ status: Number(head.split(" ")[1]), headers: head, body: raw.toString("utf8"), raw, header });
    });
    const lines = Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${lines.join("")}\r\n`);
  });
}

const rawGet = (target: string) => rawRequest(target);
const webFileSize = (file: string) => statSync(path.join(webDir, file)).size;

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

  it("a hashed asset carries only the headers a script obeys; the page keeps the document's", async () => {
    const asset = await rawGet("/assets/app-1234.js");
    expect(asset.header("x-content-type-options")).toBe("nosniff");
    expect(asset.header("cross-origin-resource-policy")).toBe("same-origin");
    for (const name of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy", "x-xss-protection"]) {
      expect(asset.header(name), name).toBeUndefined();
    }
    const index = await rawGet("/");
    expect(index.header("content-security-policy")).toContain("default-src 'self'");
    expect(index.header("x-frame-options")).toBe("SAMEORIGIN");
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

  it.each(traversals)("GET %s with Accept-Encoding br, gzip answers 404 too", async (target) => {
    const response = await rawRequest(target, { "accept-encoding": "br, gzip" });
    expect(response.status, response.body).toBe(404);
    expect(JSON.parse(response.body)).toEqual(notFound);
    expect(response.header("content-encoding")).toBeUndefined();
  });

  it("a missing asset is a 404, not the app", async () => {
    const response = await rawGet("/assets/missing-0000.js");
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual(notFound);
  });

  it("GET /metrics is no page: without DSBOT_METRICS_TOKEN the JSON 404, never the app", async () => {
    for (const target of ["/metrics", "/metrics?name[]=x", "/metrics/", "/metrics/extra"]) {
      const response = await rawGet(target);
      expect(response.status, target).toBe(404);
      expect(response.header("content-type"), target).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual(notFound);
      expect(response.body).not.toContain(INDEX_MARKER);
    }
  });

  it("a missing asset stays a 404 when the client accepts br and gzip", async () => {
    const response = await rawRequest("/assets/missing-0000.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual(notFound);
  });
});

describe("precompressed files", () => {
  const js = "assets/app-1234.js";

  it("Accept-Encoding br: the .br file, content-encoding br, Vary, the file's type and caching", async () => {
    const response = await rawRequest(`/${js}`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.header("content-encoding")).toBe("br");
    expect(response.header("vary")).toMatch(/accept-encoding/i);
    expect(response.header("content-type")).toMatch(/^(application|text)\/javascript/);
    expect(response.header("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Number(response.header("content-length"))).toBe(webFileSize(`${js}.br`));
    expect(response.raw.length).toBeLessThan(ASSET_JS.length);
    expect(zlib.brotliDecompressSync(response.raw).toString("utf8")).toBe(ASSET_JS);
  });

  it("Accept-Encoding gzip (or br refused / rated lower): the .gz file", async () => {
    for (const acceptEncoding of ["gzip", "gzip, deflate", "br;q=0, gzip", "br;q=0.5, gzip;q=1"]) {
      const response = await rawRequest(`/${js}`, { "accept-encoding": acceptEncoding });
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.header("content-encoding"), acceptEncoding).toBe("gzip");
      expect(response.header("vary")).toMatch(/accept-encoding/i);
      expect(Number(response.header("content-length"))).toBe(webFileSize(`${js}.gz`));
      expect(zlib.gunzipSync(response.raw).toString("utf8")).toBe(ASSET_JS);
    }
  });

  it("identity or no Accept-Encoding: the plain file, still with Vary", async () => {
    const variants: Record<string, string>[] = [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }];
    for (const headers of variants) {
      const response = await rawRequest(`/${js}`, headers);
      expect(response.status).toBe(200);
      expect(response.header("content-encoding")).toBeUndefined();
      expect(response.header("vary")).toMatch(/accept-encoding/i);
      expect(Number(response.header("content-length"))).toBe(ASSET_JS.length);
      expect(response.body).toBe(ASSET_JS);
    }
  });

  it("the SPA fallback and / send index.html compressed, revalidated (no-cache)", async () => {
    for (const target of ["/bots", "/login?redirect=%2Fusers", "/", "/index.html"]) {
      const br = await rawRequest(target, { "accept-encoding": "br" });
      expect(br.status, target).toBe(200);
      expect(br.header("content-encoding"), target).toBe("br");
      expect(br.header("content-type")).toMatch(/^text\/html/);
      expect(br.header("cache-control")).toBe("no-cache");
      expect(br.header("vary")).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.raw).toString("utf8")).toBe(INDEX_HTML);
      const gz = await rawRequest(target, { "accept-encoding": "gzip" });
      expect(gz.header("content-encoding"), target).toBe("gzip");
      expect(zlib.gunzipSync(gz.raw).toString("utf8")).toBe(INDEX_HTML);
      const plain = await rawGet(target);
      expect(plain.header("content-encoding")).toBeUndefined();
      expect(plain.body).toBe(INDEX_HTML);
    }
  });

  it("HEAD answers the compressed file's headers without a body", async () => {
    const response = await rawRequest(`/${js}`, { "accept-encoding": "br" }, "HEAD");
    expect(response.status).toBe(200);
    expect(response.header("content-encoding")).toBe("br");
    expect(Number(response.header("content-length"))).toBe(webFileSize(`${js}.br`));
    expect(response.raw.length).toBe(0);
    const fallback = await rawRequest("/bots", { "accept-encoding": "gzip" }, "HEAD");
    expect(fallback.status).toBe(200);
    expect(fallback.header("content-encoding")).toBe("gzip");
    expect(fallback.raw.length).toBe(0);
  });

  it("a Range request gets a range of the encoded file it names (RFC 9110: ranges of the selected representation)", async () => {
    const response = await rawRequest(`/${js}`, { "accept-encoding": "br", range: "bytes=0-9" });
    expect(response.status).toBe(206);
    expect(response.header("content-encoding")).toBe("br");
    expect(response.header("content-range")).toBe(`bytes 0-9/${webFileSize(`${js}.br`)}`);
    expect(response.raw.length).toBe(10);
    const plain = await rawRequest(`/${js}`, { range: "bytes=0-9" });
    expect(plain.status).toBe(206);
    expect(plain.header("content-encoding")).toBeUndefined();
    expect(plain.body).toBe(ASSET_JS.slice(0, 10));
  });

  it("files without variants (fonts, images) go out as they are, without Vary", async () => {
    const response = await rawRequest("/assets/font-5678.woff2", { "accept-encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.header("content-encoding")).toBeUndefined();
    expect(response.header("vary")).toBeUndefined();
    expect(response.raw.length).toBe(8);
  });

  it("logged nothing at error level and no stack", () => {
    const lines = log.lines();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(log.text()).not.toContain('"stack"');
    expect(log.text()).not.toContain(SECRET_MARKER);
  });
});
