import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { errorMessages } from "@dsbot/protocol";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../test/test-app.js";
import { createTestApp, tempDir } from "../../test/test-app.js";
import { BODY_LIMIT_BYTES } from "../app.js";
import { registerErrorHandling } from "./error-handler.js";
import { badRequest } from "./errors.js";

const web = tempDir("dsbot-web-");
let app: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(web.dir, "assets"));
  writeFileSync(path.join(web.dir, "index.html"), "<!doctype html><title>dsbot</title>");
  writeFileSync(path.join(web.dir, "assets", "app-abc123.js"), "console.log(1)");
  app = await createTestApp({ webDir: web.dir, allowedOrigins: ["http://localhost:5173"] });
});
afterAll(async () => {
  await app?.dispose();
  web.remove();
});

describe("error answers", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    for (const url of ["/api/nope", "/api", "/api/users/1/nope"]) {
      const response = await app.fastify.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: errorMessages.routeNotFound } });
    }
  });

  it("answers malformed JSON with 400", async () => {
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "bad_request", message: errorMessages.badRequest } });
  });

  it("answers a body over 1 MiB with 413", async () => {
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a", password: "x".repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: "payload_too_large", message: errorMessages.payloadTooLarge } });
  });

  it("answers an unsupported content type with 400", async () => {
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/xml" },
      payload: "<login/>",
    });
    expect(response.statusCode).toBe(400);
  });

  it("hides unexpected errors behind a German 500 without internals", async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    bare.get("/boom", async () => {
      throw new Error("secret internals");
    });
    bare.get("/bad", async () => {
      throw badRequest("Nope", [{ path: "x", message: "Nope" }]);
    });
    const boom = await bare.inject({ method: "GET", url: "/boom" });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: { code: "internal", message: errorMessages.internal } });
    expect(boom.body).not.toContain("secret");
    const bad = await bare.inject({ method: "GET", url: "/bad" });
    expect(bad.json()).toEqual({ error: { code: "bad_request", message: "Nope", issues: [{ path: "x", message: "Nope" }] } });
    await bare.close();
  });
});

describe("single-page app", () => {
  it("serves index.html for app routes (history fallback)", async () => {
    for (const url of ["/", "/dashboard", "/bots/12/config", "/login?redirect=%2Fusers"]) {
      const response = await app.fastify.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<title>dsbot</title>");
    }
  });

  it("serves hashed assets as immutable and missing files as 404", async () => {
    const asset = await app.fastify.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await app.fastify.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
  });

  it("sends a strict CSP without inline scripts", async () => {
    const response = await app.fastify.inject({ method: "GET", url: "/" });
    const csp = response.headers["content-security-policy"];
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("CORS", () => {
  it("allows only the configured origins", async () => {
    const preflight = (origin: string) =>
      app.fastify.inject({
        method: "OPTIONS",
        url: "/api/users",
        headers: { origin, "access-control-request-method": "PATCH", "access-control-request-headers": "authorization" },
      });
    const allowed = await preflight("http://localhost:5173");
    expect(allowed.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(String(allowed.headers["access-control-allow-methods"])).toContain("PATCH");
    const foreign = await preflight("https://evil.example");
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
