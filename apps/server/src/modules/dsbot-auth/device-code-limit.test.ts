// Anyone may ask for a pairing code, so codes are limited per address (10 a
// minute, held in the database across instances) and open codes are capped per address and in all.
import type { DeviceResponse } from "@dsbot/protocol";
import { errorMessages } from "@dsbot/protocol";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createSecondInstance, createTestApp } from "../../../test/test-app.js";
import type { App } from "../../app.js";
import { DEVICE_CODE_LIMIT } from "./dsbot-auth.routes.js";
import { OPEN_CODES_PER_IP, OPEN_CODES_TOTAL } from "./device-flow.service.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

/** Every test asks from addresses no other test uses (TEST-NET-2, RFC 5737). */
let addresses = 0;
const freshIp = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const ask = (target: App, ip: string, name = "Test-PC") =>
  target.fastify.inject({ method: "POST", url: "/api/dsbot-auth/device", payload: { name }, remoteAddress: ip });

async function askOk(target: App, ip: string, times: number): Promise<DeviceResponse[]> {
  const codes: DeviceResponse[] = [];
  for (let i = 0; i < times; i++) {
    const response = await ask(target, ip);
    expect(response.statusCode, `request ${i + 1} from ${ip}: ${response.body}`).toBe(200);
    codes.push(response.json<DeviceResponse>());
  }
  return codes;
}

const rateLimited = { error: { code: "too_many_requests", message: errorMessages.deviceCodeRateLimited } };

/** Pretend the address's rate-limit window began an hour ago (instead of waiting a minute). */
async function endRateWindow(ip: string): Promise<void> {
  await app.db.execute(sql`update rate_limits set window_start = window_start - interval '1 hour' where key like ${`%:${ip}`}`);
}

describe("POST /api/dsbot-auth/device rate limit", () => {
  it("is 10 a minute", () => {
    expect(DEVICE_CODE_LIMIT).toMatchObject({ max: 10, windowMs: 60_000, message: errorMessages.deviceCodeRateLimited });
    expect(OPEN_CODES_PER_IP).toBe(20);
  });

  it("answers 10 requests of one address, then 429 in German; another address is unaffected", async () => {
    const ip = freshIp();
    await askOk(app, ip, 10);
    const eleventh = await ask(app, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(rateLimited);
    // Still refused: a refused request does not open a new window.
    expect((await ask(app, ip)).statusCode).toBe(429);

    const other = freshIp();
    await askOk(app, other, 1);
  });

  it("lets the address ask again once its window has passed", async () => {
    const ip = freshIp();
    await askOk(app, ip, 10);
    expect((await ask(app, ip)).statusCode).toBe(429);
    await endRateWindow(ip);
    // A fresh window: ten more.
    await askOk(app, ip, 10);
    expect((await ask(app, ip)).json()).toEqual(rateLimited);
  });

  it("caps one address's open codes at 20 even across windows; settled and expired codes make room", async () => {
    const ip = freshIp();
    const codes: DeviceResponse[] = [];
    while (codes.length < OPEN_CODES_PER_IP) {
      codes.push(...(await askOk(app, ip, Math.min(10, OPEN_CODES_PER_IP - codes.length))));
      await endRateWindow(ip);
    }
    // The window is fresh, but 20 codes are open.
    const capped = await ask(app, ip);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual(rateLimited);
    expect((await ask(app, freshIp())).statusCode).toBe(200);

    // Approving one settles it: room for one more.
    const owner = await loginAs(app, await createUser(app));
    const approved = await app.fastify.inject({
      method: "POST",
      url: "/api/dsbot-auth/approve",
      headers: bearer(owner),
      payload: { userCode: codes[0]?.userCode },
    });
    expect(approved.statusCode).toBe(200);
    await askOk(app, ip, 1);
    expect((await ask(app, ip)).statusCode).toBe(429);

    // An expired code is not open either.
    await app.db.execute(sql`update device_codes set expires_at = now() - interval '1 second' where user_code = ${codes[1]?.userCode ?? ""}`);
    await askOk(app, ip, 1);
    expect((await ask(app, ip)).statusCode).toBe(429);
  });

  it("caps the open codes of all addresses together", async () => {
    const [{ open } = { open: 0 }] = await rows<{ open: number }>(
      sql`select count(*)::int as open from device_codes where status = 'pending' and expires_at > now()`,
    );
    const missing = OPEN_CODES_TOTAL - open;
    expect(missing).toBeGreaterThan(0);
    await app.db.execute(sql`
      insert into device_codes (device_code_hash, user_code, runner_name, expires_at)
      select 'bulk-hash-' || n, 'BULK-' || n, 'Bulk', now() + interval '10 minutes' from generate_series(1, ${missing}) as n`);
    try {
      const refused = await ask(app, freshIp());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: "too_many_requests", message: errorMessages.deviceCodesExhausted } });
    } finally {
      await app.db.execute(sql`delete from device_codes where runner_name = 'Bulk'`);
    }
    expect((await ask(app, freshIp())).statusCode).toBe(200);
  });

  it("holds across two instances on one database", async () => {
    const second = await createSecondInstance(app);
    try {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        const response = await ask(i % 2 === 0 ? app : second, ip);
        expect(response.statusCode, `request ${i + 1}`).toBe(200);
      }
      expect((await ask(second, ip)).json()).toEqual(rateLimited);
      expect((await ask(app, ip)).json()).toEqual(rateLimited);
    } finally {
      await second.close();
    }
  });
});

/** Rows of a raw query on PGlite and node-postgres alike (both answer `{ rows }`). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await app.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
