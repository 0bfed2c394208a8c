// "bot:troops" over real sockets: a bot's scan is stored for the socket's own bot (never for one the
// payload names), the next scan replaces it, a bad report is a German 400 that keeps what was stored,
// and the rows go with the bot.
import type { BotTroopsReport } from "@dsbot/protocol";
import { errorMessages, troopMessages } from "@dsbot/protocol";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ack, createBot, runningBot } from "../../../test/bots.js";
import { createUser, loginAs } from "../../../test/factories.js";
import { useListeningApp } from "../../../test/listening-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { botTroops, dsbots } from "../../db/schema.js";
import { replaceBotTroops } from "./bot-troops.service.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const SCANNED_AT = Date.UTC(2026, 0, 5, 12, 0, 0);
const village = (villageId: number, units: Record<string, number>) => ({ villageId, x: 400 + villageId, y: 500, name: `Dorf ${villageId}`, units });

async function stored(dsbotId: number) {
  const rows = await app.db.select().from(botTroops).where(eq(botTroops.dsbotId, dsbotId)).orderBy(asc(botTroops.villageId));
  return rows.map((r) => ({ villageId: r.villageId, x: r.x, y: r.y, name: r.name, units: r.units, scannedAt: r.scannedAt.getTime() }));
}

async function startedBot() {
  const token = await loginAs(app, await createUser(app));
  return runningBot(app, url, token, sockets);
}

describe("bot:troops", () => {
  it("stores the scan for the socket's bot and replaces it with the next one: villages no longer listed vanish", async () => {
    const { bot, botSocket } = await startedBot();
    const first: BotTroopsReport = { scannedAt: SCANNED_AT, villages: [village(1, { spear: 100, snob: 1 }), village(2, { axe: 50 })] };
    expect(await ack(botSocket, "bot:troops", first)).toEqual({ ok: true, villages: 2 });
    expect(await stored(bot.id)).toEqual(first.villages.map((v) => ({ ...v, scannedAt: SCANNED_AT })));

    const later = SCANNED_AT + 600_000;
    expect(await ack(botSocket, "bot:troops", { scannedAt: later, villages: [village(2, { axe: 75 }), village(3, {})] })).toEqual({ ok: true, villages: 2 });
    expect(await stored(bot.id)).toEqual([
      { ...village(2, { axe: 75 }), scannedAt: later },
      { ...village(3, {}), scannedAt: later },
    ]);

    expect(await ack(botSocket, "bot:troops", { scannedAt: later + 1, villages: [] })).toEqual({ ok: true, villages: 0 });
    expect(await stored(bot.id)).toEqual([]);
  });

  it("reports always for the socket's own bot: a dsbotId in the payload is ignored", async () => {
    const reporter = await startedBot();
    const other = await startedBot();
    const answer = await ack(reporter.botSocket, "bot:troops", { dsbotId: other.bot.id, scannedAt: SCANNED_AT, villages: [village(7, { light: 3 })] });
    expect(answer).toEqual({ ok: true, villages: 1 });
    expect(await stored(other.bot.id)).toEqual([]);
    expect(await stored(reporter.bot.id)).toEqual([{ ...village(7, { light: 3 }), scannedAt: SCANNED_AT }]);
  });

  it("refuses a bad report in German and keeps what was stored", async () => {
    const { bot, botSocket } = await startedBot();
    await ack(botSocket, "bot:troops", { scannedAt: SCANNED_AT, villages: [village(1, { spear: 1 })] });
    const twice = await ack(botSocket, "bot:troops", { scannedAt: SCANNED_AT + 1, villages: [village(2, {}), village(2, {})] });
    expect(twice).toEqual({
      ok: false,
      error: { code: "bad_request", message: errorMessages.badRequest, issues: [{ path: "villages.1.villageId", message: troopMessages.duplicateVillage }] },
    });
    const unknownUnit = await ack(botSocket, "bot:troops", { scannedAt: SCANNED_AT + 1, villages: [village(2, { tank: 1 })] });
    expect(unknownUnit.ok).toBe(false);
    expect(await stored(bot.id)).toEqual([{ ...village(1, { spear: 1 }), scannedAt: SCANNED_AT }]);
  });

  it("takes a scan time in the future as now, and the rows go with the bot", async () => {
    const bot = await createBot(app, await loginAs(app, await createUser(app)));
    const now = Date.UTC(2026, 5, 1);
    await replaceBotTroops(app.db, bot.id, { scannedAt: now + 3_600_000, villages: [village(1, { spy: 2 })] }, now);
    expect((await stored(bot.id)).map((r) => r.scannedAt)).toEqual([now]);
    await app.db.delete(dsbots).where(eq(dsbots.id, bot.id));
    expect(await stored(bot.id)).toEqual([]);
  });
});
