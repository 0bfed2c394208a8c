// API answers (per user, some with tokens) are never cached, and the CSP lets the
// page open websockets only to its own origin and the configured ones, not to any host (`ws:`/`wss:`).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, login, loginAs } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp, tempDir } from "../../test/test-app.js";

const temp = tempDir("dsbot-security-");
let app: TestApp;
let token: string;

beforeAll(async () => {
  mkdirSync(path.join(temp.dir, "assets"), { recursive: true });
  writeFileSync(path.join(temp.dir, "index.html"), "<!doctype html><title>dsbot</title>");
  writeFileSync(path.join(temp.dir, "assets", "app-1234.js"), "console.log(1);");
  app = await createTestApp({
    webDir: temp.dir,
    allowedOrigins: ["http://localhost:5173", "https://panel.example.net"],
    apiBases: { "die-staemme.de": "https://api.example.org/v1", "die-staemme.ch": "http://api.example.ch:8080" },
  });
  token = await loginAs(app, await createUser(app));
});
afterAll(async () => {
  await app?.dispose();
  temp.remove();
});

function connectSrc(headers: Record<string, unknown>): string[] {
  const csp = String(headers["content-security-policy"]);
  const directive = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("connect-src"));
  return directive?.split(/\s+/).slice(1) ?? [];
}

describe("Cache-Control on API answers", () => {
  it("is no-store on authenticated JSON answers, the login's token answer and errors", async () => {
    const answers = [
      await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) }),
      await app.fastify.inject({ method: "GET", url: "/api/dsbot", headers: bearer(token) }),
      await app.fastify.inject({ method: "GET", url: "/api/user-notifications", headers: bearer(token) }),
      await app.fastify.inject({ method: "GET", url: "/api/profile/sessions", headers: bearer(token) }),
      await app.fastify.inject({ method: "POST", url: "/api/search", headers: bearer(token), payload: { searchVal: "x" } }),
      await login(app, { username: "admin", password: "admin-passwort-123" }, "192.0.2.50"),
      await app.fastify.inject({ method: "GET", url: "/api/auth/me" }),
      await app.fastify.inject({ method: "GET", url: "/api/does-not-exist", headers: bearer(token) }),
    ];
    for (const response of answers) {
      expect(response.headers["content-type"], response.body).toMatch(/^application\/json/);
      expect(response.headers["cache-control"], `${response.statusCode} ${response.body}`).toBe("no-store");
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 401, 404]);
  });

  it("leaves the web app's own caching alone: index revalidated, hashed assets immutable", async () => {
    const index = await app.fastify.inject({ method: "GET", url: "/bots" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["cache-control"]).toBe("no-cache");
    const asset = await app.fastify.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("CSP connect-src", () => {
  it("names this host's websockets and the configured origins with their websockets, and nothing else", async () => {
    const response = await app.fastify.inject({ method: "GET", url: "/", headers: { host: "dsbot.lan:3000" } });
    expect(connectSrc(response.headers).sort()).toEqual(
      [
        "'self'",
        "http://localhost:5173",
        "ws://localhost:5173",
        "https://panel.example.net",
        "wss://panel.example.net",
        "https://api.example.org",
        "wss://api.example.org",
        "http://api.example.ch:8080",
        "ws://api.example.ch:8080",
        "ws://dsbot.lan:3000",
        "wss://dsbot.lan:3000",
      ].sort(),
    );
  });

  it("never allows bare ws: or wss: (any host), nor a forwarded host it does not trust", async () => {
    for (const headers of [{ host: "dsbot.lan" }, { host: "dsbot.lan", "x-forwarded-host": "evil.example" }, { host: "bad host;" }]) {
      const sources = connectSrc((await app.fastify.inject({ method: "GET", url: "/api/health", headers })).headers);
      expect(sources).not.toContain("ws:");
      expect(sources).not.toContain("wss:");
      expect(sources.every((s) => s === "'self'" || /^(https?|wss?):\/\/[^\s;*]+$/.test(s)), sources.join(" ")).toBe(true);
      expect(sources.join(" ")).not.toContain("evil");
      expect(sources.join(" ")).not.toContain("bad");
    }
  });
});

describe("CSP behind a trusted proxy", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: true });
  });
  afterAll(() => proxied?.dispose());

  it("names the forwarded host's websockets", async () => {
    const response = await proxied.fastify.inject({
      method: "GET",
      url: "/api/health",
      headers: { host: "10.0.0.5:3000", "x-forwarded-host": "dsbot.example.org" },
    });
    expect(connectSrc(response.headers)).toEqual(["'self'", "ws://dsbot.example.org", "wss://dsbot.example.org"]);
  });
});
