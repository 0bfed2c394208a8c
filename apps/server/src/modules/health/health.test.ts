import { clientConfigSchema, healthResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { serverVersion } from "../../core/version.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ apiBases: { "die-staemme.de": "https://api.example.org" } });
});
afterAll(() => app?.dispose());

describe("public endpoints", () => {
  it("GET /api/health reports a reachable database without a token", async () => {
    const response = await app.fastify.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toEqual({ status: "ok", database: "ok" });
  });

  it("GET /api/client-config tells the SPA the API bases and the version", async () => {
    const response = await app.fastify.inject({ method: "GET", url: "/api/client-config" });
    expect(response.statusCode).toBe(200);
    expect(clientConfigSchema.parse(response.json())).toEqual({
      apiBases: { "die-staemme.de": "https://api.example.org" },
      version: serverVersion,
      // No SMTP server in the test app: no e-mail channel on the profile.
      emailAlerts: false,
    });
  });

  it("lists the API bases and this host's websockets in the CSP connect-src, and no other websocket", async () => {
    const response = await app.fastify.inject({ method: "GET", url: "/api/health", headers: { host: "dsbot.local:3000" } });
    const connect = String(response.headers["content-security-policy"]).split(";").find((d) => d.trim().startsWith("connect-src"));
    expect(connect?.trim().split(/\s+/)).toEqual([
      "connect-src",
      "'self'",
      "https://api.example.org",
      "wss://api.example.org",
      "ws://dsbot.local:3000",
      "wss://dsbot.local:3000",
    ]);
    const hostile = await app.fastify.inject({ method: "GET", url: "/api/health", headers: { host: "evil.example; script-src *" } });
    expect(String(hostile.headers["content-security-policy"])).not.toContain("evil");
  });

  it("GET /api/health answers 503 when the database is gone", async () => {
    await app.databaseHandle.close();
    const response = await app.fastify.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "error", database: "error" });
  });
});
