// JSON API answers of 1 KB and more go out as br or gzip, per Accept-Encoding; small ones,
// non-JSON and the web app's files are left alone, and the security headers stay on every answer.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAdmin } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp, tempDir } from "../../test/test-app.js";
import { COMPRESS_THRESHOLD_BYTES, negotiateEncoding } from "./compression.js";

const temp = tempDir("dsbot-compression-");
const ORIGIN = "http://localhost:5173";
let app: TestApp;
let token: string;

beforeAll(async () => {
  mkdirSync(path.join(temp.dir, "assets"), { recursive: true });
  writeFileSync(path.join(temp.dir, "index.html"), "<!doctype html><title>dsbot</title>");
  const js = "console.log('dsbot');\n".repeat(200);
  writeFileSync(path.join(temp.dir, "assets", "app-1234.js"), js);
  writeFileSync(path.join(temp.dir, "assets", "app-1234.js.br"), zlib.brotliCompressSync(js));
  app = await createTestApp({ webDir: temp.dir, allowedOrigins: [ORIGIN] });
  token = await loginAdmin(app);
  // Enough users that the list answer is well over the threshold.
  for (let i = 0; i < 10; i += 1) await createUser(app);
});
afterAll(async () => {
  await app?.dispose();
  temp.remove();
});

const usersList = (headers: Record<string, string> = {}) =>
  app.fastify.inject({ method: "GET", url: "/api/users?perPage=50", headers: { ...bearer(token), ...headers } });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["content-security-policy"]).toContain("default-src 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
}

describe("negotiateEncoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZIP, BR", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["*;q=0.2, br;q=0", "gzip"],
    ["br;q=oops, gzip", "gzip"],
  ])("%j → %j", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("compressed JSON answers", () => {
  it("a large JSON answer is br-compressed when br is accepted, with Vary and every security header", async () => {
    const plain = await usersList();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const br = await usersList({ "accept-encoding": "gzip, deflate, br, zstd", origin: ORIGIN });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers.vary)).toMatch(/origin/i);
    expect(br.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expectSecurityHeaders(br.headers);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("gzip when only gzip is accepted; the plain answer for identity", async () => {
    const plain = await usersList();
    const gz = await usersList({ "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expectSecurityHeaders(gz.headers);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString("utf8"))).toEqual(plain.json());

    const identity = await usersList({ "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it("a small JSON answer is not compressed", async () => {
    const me = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: { ...bearer(token), "accept-encoding": "br, gzip" } });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(me.headers["content-encoding"]).toBeUndefined();
    expectSecurityHeaders(me.headers);
    expect(me.json()).toHaveProperty("user");
  });

  it("a HEAD of a large answer names the compressed encoding and length, without a body", async () => {
    const get = await usersList({ "accept-encoding": "br" });
    const head = await app.fastify.inject({ method: "HEAD", url: "/api/users?perPage=50", headers: { ...bearer(token), "accept-encoding": "br" } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.rawPayload.length).toBe(0);
  });

  it("the web app's precompressed files are sent as they are, never compressed twice", async () => {
    const asset = await app.fastify.inject({ method: "GET", url: "/assets/app-1234.js", headers: { "accept-encoding": "br", origin: ORIGIN } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(String(asset.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString("utf8")).toContain("console.log('dsbot');");
    // No .gz variant: the plain file, not one compressed on the fly.
    const gz = await app.fastify.inject({ method: "GET", url: "/assets/app-1234.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBeUndefined();
    expect(gz.rawPayload.toString("utf8")).toContain("console.log('dsbot');");
  });
});
