// Builds real apps on real databases: first start, demo user, and a restart on the same data.
// Each test builds whole apps (the demo world of 40,000 villages, or every migration twice on a
// fresh PGlite on disk): 10–20 s on an idle 2-core machine, so they get a bound of their own.
import { defaultWorld, demoGameWorld, meResponseSchema } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { bearer, loginAs } from "../../../test/factories.js";
import { tempDir, testConfig } from "../../../test/test-app.js";
import { openPgliteFromTemplate } from "../../../test/pglite-template.js";
import type { TestDatabase } from "../../../test/test-database.js";
import { createTestDatabase } from "../../../test/test-database.js";

const WHOLE_APP_MS = 120_000;

describe("first start", () => {
  it("creates an admin with a generated password (shown once) and the demo user", async () => {
    const database = await createTestDatabase();
    const config = testConfig({
      databaseUrl: database.url,
      adminUsername: "chef",
      adminPassword: undefined,
      demo: true,
      demoPassword: "demo-pass-1",
    });
    const app = await buildApp(config, { database: database.kind === "pglite" ? await openPgliteFromTemplate() : undefined });
    try {
      const { bootstrap } = app;
      expect(bootstrap.adminUsername).toBe("chef");
      expect(bootstrap.adminPasswordGenerated).toBe(true);
      expect(bootstrap.adminPassword?.length).toBeGreaterThanOrEqual(16);
      const admin = await app.fastify.inject({
        method: "GET",
        url: "/api/auth/me",
        headers: bearer(await loginAs(app, { username: "chef", password: bootstrap.adminPassword ?? "" })),
      });
      // With demo data both start on the demo world, which no game server serves.
      expect(meResponseSchema.parse(admin.json()).user).toMatchObject({ role: "admin", world: demoGameWorld });
      const demoToken = await loginAs(app, { username: "demo", password: "demo-pass-1" });
      const demo = await app.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(demoToken) });
      expect(meResponseSchema.parse(demo.json()).user).toMatchObject({ role: "user", world: demoGameWorld });
    } finally {
      await app.close();
      await database.drop();
    }
  }, WHOLE_APP_MS);
});

describe("restart", () => {
  // PGlite on disk in a temp dir, or — with DATABASE_URL — one PostgreSQL database used by both runs.
  const data = tempDir("dsbot-restart-");
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    data.remove();
  });

  it("keeps users and sessions, and does not recreate the admin", async () => {
    const config = testConfig({
      dataDir: data.dir,
      databaseUrl: database.kind === "postgres" ? database.url : undefined,
      adminPassword: undefined,
    });
    const first = await buildApp(config);
    const password = first.bootstrap.adminPassword ?? "";
    const token = await loginAs(first, { username: "admin", password });
    await first.close();

    const second = await buildApp(config);
    try {
      expect(second.bootstrap.adminPassword).toBeUndefined();
      const response = await second.fastify.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(meResponseSchema.parse(response.json()).user).toMatchObject({ username: "admin", world: defaultWorld });
      expect((await loginAs(second, { username: "admin", password })).length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  }, WHOLE_APP_MS);
});
