// "bot:scavenge" over real sockets and GET /api/troops/scavenge: the Raubzug module's report is stored
// for the socket's own bot and replaces its previous one; the list shows the villages of the bots the
// caller may see on the caller's world (the newer report wins a village two bots saw), nobody else's.
import type { BotScavengeReport, ScavengeStateResponse } from "@dsbot/protocol";
import { SCAVENGE_REPORT_MAX_VILLAGES, SCAVENGE_STATES_MAX, scavengeStateMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ack, createBot, runningBot } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { botScavenge, dsbots } from "../../db/schema.js";
import { replaceBotScavenge } from "./bot-scavenge.service.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const SCANNED_AT = Date.now() - 60_000;
const out = (option: 1 | 2 | 3 | 4, until: number) => ({ option, state: "out" as const, until, haul: 1_234 });
const free = (option: 1 | 2 | 3 | 4) => ({ option, state: "free" as const, until: null, haul: null });
const locked = (option: 1 | 2 | 3 | 4) => ({ option, state: "locked" as const, until: null, haul: null });

async function list(token: string): Promise<ScavengeStateResponse> {
  const response = await app.fastify.inject({ method: "GET", url: "/api/troops/scavenge", headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<ScavengeStateResponse>();
}

describe("bot:scavenge and the Raubzug states", () => {
  it("stores the report for the socket's bot, replaces it with the next, and lists it to the owner and admins only", async () => {
    const ownerToken = await loginAs(app, await createUser(app));
    const { bot, botSocket } = await runningBot(app, url, ownerToken, sockets, "Zora");
    const first: BotScavengeReport = { scannedAt: SCANNED_AT, villages: [{ villageId: 11, options: [out(1, SCANNED_AT + 600_000), free(2), locked(3), locked(4)] }] };
    expect(await ack(botSocket, "bot:scavenge", first)).toEqual({ ok: true, villages: 1 });
    expect(await list(ownerToken)).toEqual({ villages: [{ ...first.villages[0], dsbotId: bot.id, playerName: "Zora", scannedAt: SCANNED_AT }] });

    const later = SCANNED_AT + 30_000;
    const next = { scannedAt: later, villages: [{ villageId: 12, options: [free(1)] }] };
    expect(await ack(botSocket, "bot:scavenge", next)).toEqual({ ok: true, villages: 1 });
    expect((await list(ownerToken)).villages.map((v) => [v.villageId, v.scannedAt])).toEqual([[12, later]]);

    expect(await list(await loginAs(app, await createUser(app)))).toEqual({ villages: [] });
    expect((await list(await loginAdmin(app))).villages.some((v) => v.dsbotId === bot.id)).toBe(true);
  });

  it("a dsbotId in the payload is ignored; a bad report is refused in German and keeps what was stored", async () => {
    const reporter = await runningBot(app, url, await loginAs(app, await createUser(app)), sockets);
    const other = await createBot(app, await loginAs(app, await createUser(app)));
    const report = { dsbotId: other.id, scannedAt: SCANNED_AT, villages: [{ villageId: 5, options: [free(1)] }] };
    expect(await ack(reporter.botSocket, "bot:scavenge", report)).toEqual({ ok: true, villages: 1 });
    expect(await app.db.select().from(botScavenge).where(eq(botScavenge.dsbotId, other.id))).toEqual([]);

    const twice = await ack(reporter.botSocket, "bot:scavenge", { scannedAt: SCANNED_AT + 1, villages: [{ villageId: 6, options: [free(1), free(1)] }] });
    expect(twice).toMatchObject({ ok: false, error: { code: "bad_request", issues: [{ path: "villages.0.options.1.option", message: scavengeStateMessages.duplicateOption }] } });
    const [row] = await app.db.select().from(botScavenge).where(eq(botScavenge.dsbotId, reporter.bot.id));
    expect(row?.villages.map((v) => v.villageId)).toEqual([5]);
  });

  it("lists only the caller's world; of two bots that saw a village the newer report wins; the row goes with the bot", async () => {
    const token = await loginAs(app, await createUser(app));
    const [a, b, elsewhere] = [await createBot(app, token), await createBot(app, token), await createBot(app, token, { world: "de231" })];
    const now = Date.now();
    await replaceBotScavenge(app.db, a.id, { scannedAt: now - 5_000, villages: [{ villageId: 1, options: [free(1)] }, { villageId: 2, options: [free(1)] }] }, now);
    await replaceBotScavenge(app.db, b.id, { scannedAt: now - 1_000, villages: [{ villageId: 2, options: [out(1, now + 60_000)] }] }, now);
    await replaceBotScavenge(app.db, elsewhere.id, { scannedAt: now, villages: [{ villageId: 3, options: [free(1)] }] }, now);
    expect((await list(token)).villages.map((v) => [v.villageId, v.dsbotId, v.options[0]?.state])).toEqual([
      [1, a.id, "free"],
      [2, b.id, "out"],
    ]);
    // A runner's clock ahead counts as now.
    await replaceBotScavenge(app.db, a.id, { scannedAt: now + 3_600_000, villages: [{ villageId: 1, options: [free(1)] }] }, now);
    expect((await list(token)).villages.find((v) => v.villageId === 1)?.scannedAt).toBe(now);
    await app.db.delete(dsbots).where(eq(dsbots.id, a.id));
    expect((await list(token)).villages.map((v) => v.villageId)).toEqual([2]);
  });

  it(`answers at most ${SCAVENGE_STATES_MAX} villages, the lowest ids, merged by the database`, async () => {
    const token = await loginAs(app, await createUser(app));
    const bots = [];
    for (let i = 0; i < 8; i++) bots.push(await createBot(app, token));
    const now = Date.now();
    // Eight reports of 3,000 villages each, the ids interleaved: 24,000 villages.
    for (const [i, bot] of bots.entries()) {
      const villages = Array.from({ length: SCAVENGE_REPORT_MAX_VILLAGES }, (_, n) => ({ villageId: 1 + i + n * bots.length, options: [free(1)] }));
      await app.db.insert(botScavenge).values({ dsbotId: bot.id, villages, scannedAt: new Date(now - 10_000 + i) });
    }
    const listed = (await list(token)).villages;
    expect(listed).toHaveLength(SCAVENGE_STATES_MAX);
    expect(listed.map((v) => v.villageId)).toEqual(Array.from({ length: SCAVENGE_STATES_MAX }, (_, n) => n + 1));
    expect(listed[0]).toEqual({ villageId: 1, options: [free(1)], dsbotId: bots[0]?.id, playerName: expect.any(String), scannedAt: now - 10_000 });
  });
});
