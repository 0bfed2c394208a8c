// The device flow and runner tokens.
import type { DeviceResponse } from "@dsbot/protocol";
import {
  DEVICE_CODE_TTL_SECONDS,
  deviceResponseSchema,
  errorMessages,
  normalizeUserCode,
  runnerListResponseSchema,
  userCodeAlphabet,
} from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairRunner } from "../../../test/bots.js";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { deviceCodes } from "../../db/schema.js";

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await loginAs(app, await createUser(app));
});
afterAll(() => app?.dispose());

const device = async (name = "Mein PC"): Promise<DeviceResponse> => {
  const response = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/device", payload: { name } });
  expect(response.statusCode).toBe(200);
  return deviceResponseSchema.parse(response.json());
};
const poll = (deviceCode: string) => app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/token", payload: { deviceCode } });
const approve = (userCode: string, as = token) =>
  app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/approve", headers: bearer(as), payload: { userCode } });
/** The runner waited its interval: move the last poll back instead of sleeping. */
const waitInterval = (userCode: string) =>
  app.db.update(deviceCodes).set({ lastPolledAt: new Date(Date.now() - 10_000) }).where(eq(deviceCodes.userCode, userCode));

describe("device flow", () => {
  it("hands out a secret device code and a readable user code", async () => {
    const d = await device();
    expect(d.deviceCode.length).toBeGreaterThanOrEqual(43); // 256 bit in base64url
    expect(d.userCode).toMatch(new RegExp(`^[${userCodeAlphabet}]{4}-[${userCodeAlphabet}]{4}$`));
    expect(d).toMatchObject({ verificationUrl: `/dsbot-auth?code=${d.userCode}`, expiresIn: DEVICE_CODE_TTL_SECONDS, interval: 2 });
    expect(normalizeUserCode(d.userCode.toLowerCase().replace("-", " "))).toBe(d.userCode);
  });

  it("answers pending, slow_down when polled too fast, then the token once, then invalid_grant", async () => {
    const d = await device("Büro");
    const pending = await poll(d.deviceCode);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ error: { code: "authorization_pending", message: errorMessages.deviceAuthorizationPending } });
    const tooFast = await poll(d.deviceCode);
    expect(tooFast.json().error.code).toBe("slow_down");

    const approved = await approve(d.userCode.toLowerCase().replace("-", ""));
    expect(approved.statusCode).toBe(200);
    expect(approved.json().runner).toMatchObject({ name: "Büro" });

    await waitInterval(d.userCode);
    const redeemed = await poll(d.deviceCode);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ token: expect.any(String), name: "Büro" });
    await waitInterval(d.userCode);
    const second = await poll(d.deviceCode);
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe("invalid_grant");
  });

  it("refuses expired codes on approve and on poll", async () => {
    const d = await device();
    await app.db.update(deviceCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(deviceCodes.userCode, d.userCode));
    const approved = await approve(d.userCode);
    expect(approved.statusCode).toBe(400);
    expect(approved.json().error.message).toBe(errorMessages.deviceCodeExpired);
    expect((await poll(d.deviceCode)).json().error.code).toBe("expired_token");
  });

  it("answers unknown and reused user codes with 404 and 409, unknown device codes with invalid_grant", async () => {
    const unknown = await approve("ZZZZ-ZZZZ");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(errorMessages.deviceCodeNotFound);
    const d = await device();
    expect((await approve(d.userCode)).statusCode).toBe(200);
    const again = await approve(d.userCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(errorMessages.deviceCodeUsed);
    expect((await poll("nicht-echt")).json().error.code).toBe("invalid_grant");
  });

  it("a denied code ends the flow with access_denied", async () => {
    const d = await device();
    const denied = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/deny", headers: bearer(token), payload: { userCode: d.userCode } });
    expect(denied.statusCode).toBe(204);
    expect((await poll(d.deviceCode)).json().error.code).toBe("access_denied");
  });

  it("approving needs a login and a name is required", async () => {
    const d = await device();
    const anonymous = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/approve", payload: { userCode: d.userCode } });
    expect(anonymous.statusCode).toBe(401);
    const nameless = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/device", payload: { name: " " } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.message).toBe("Eingabe erforderlich");
  });
});

describe("token scope", () => {
  it("a device request may ask for a userscript token: approved, listed and revoked as such", async () => {
    const owner = await loginAs(app, await createUser(app));
    const asked = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/device", payload: { name: "Userscript de230", scope: "userscript" }, remoteAddress: "10.88.0.1" });
    expect(asked.statusCode).toBe(200);
    const d = deviceResponseSchema.parse(asked.json());
    const approved = await approve(d.userCode, owner);
    expect(approved.json().runner).toMatchObject({ name: "Userscript de230", scope: "userscript" });
    expect((await poll(d.deviceCode)).statusCode).toBe(200);
    const { runnerId } = await pairRunner(app, owner, "Laptop");
    const list = runnerListResponseSchema.parse((await app.fastify.inject({ method: "GET", url: "/api/dsbot-auth/tokens", headers: bearer(owner) })).json());
    expect(list.runners.map((r) => [r.name, r.scope])).toEqual([
      ["Userscript de230", "userscript"],
      ["Laptop", "runner"],
    ]);
    const id = approved.json<{ runner: { id: number } }>().runner.id;
    expect((await app.fastify.inject({ method: "DELETE", url: `/api/dsbot-auth/tokens/${id}`, headers: bearer(owner) })).statusCode).toBe(204);
    const after = runnerListResponseSchema.parse((await app.fastify.inject({ method: "GET", url: "/api/dsbot-auth/tokens", headers: bearer(owner) })).json());
    expect(after.runners.map((r) => r.id)).toEqual([runnerId]);
  });

  it("refuses a scope it does not know", async () => {
    const response = await app.fastify.inject({ method: "POST", url: "/api/dsbot-auth/device", payload: { name: "PC", scope: "admin" }, remoteAddress: "10.88.0.2" });
    expect(response.statusCode).toBe(400);
  });
});

describe("runner tokens", () => {
  it("lists the caller's runners only and revokes them; others' runners are not found", async () => {
    const owner = await loginAs(app, await createUser(app));
    const other = await loginAs(app, await createUser(app));
    const { runnerId } = await pairRunner(app, owner, "Laptop");
    await pairRunner(app, other, "Fremd");
    const list = runnerListResponseSchema.parse(
      (await app.fastify.inject({ method: "GET", url: "/api/dsbot-auth/tokens", headers: bearer(owner) })).json(),
    );
    expect(list.runners).toEqual([
      { id: runnerId, name: "Laptop", scope: "runner", createdAt: expect.any(String), lastSeenAt: null, connected: false },
    ]);
    const foreign = await app.fastify.inject({ method: "DELETE", url: `/api/dsbot-auth/tokens/${runnerId}`, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(errorMessages.runnerNotFound);
    const revoked = await app.fastify.inject({ method: "DELETE", url: `/api/dsbot-auth/tokens/${runnerId}`, headers: bearer(owner) });
    expect(revoked.statusCode).toBe(204);
    const after = await app.fastify.inject({ method: "GET", url: "/api/dsbot-auth/tokens", headers: bearer(owner) });
    expect(after.json().runners).toEqual([]);
  });
});
