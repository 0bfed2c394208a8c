// The game's bot protection during play, end to end over a real server and a sandbox bot: the send that
// meets it and the send still waiting become the owner's tab requests (the waiting one before its send
// time), the bot stops every game request and shows "Bot-Schutz" paused, its audience is told; "Gelöst"
// resumes it and the sandbox counts the check solved.
import type { BotResponse, UnitCounts } from "@dsbot/protocol";
import { attackTimes, botLogMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attacks, dsbots, tabRequests } from "../../server/src/db/schema.js";
import {
  baseSpeeds as speeds,
  botLogs,
  createAccount,
  createPlanWithAttacks,
  createRealTimeTestRunner,
  createTestApp,
  enableAttackScanner,
  eventually,
  listen,
  notifications,
  restClient,
  startBotOnline,
  type TestApp,
} from "../test/harness.js";
import { sessionMessages } from "./messages.js";
import type { Runner } from "./runner.js";

let app: TestApp;
let url: string;
const runners: Runner[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await app?.dispose();
});

describe("bot protection during play", () => {
  it("hands the sends back as tab requests, holds every request, shows Bot-Schutz, and Gelöst resumes", async () => {
    const account = await createAccount(app);
    const { world, runner } = createRealTimeTestRunner(url, account, { seed: 31 });
    runners.push(runner);
    await runner.ready();
    const player = world.player(account.player);
    const home = world.village(player.villageIds[0] as number);
    if (!home) throw new Error("no sandbox village");
    home.units.axe = 1000;

    const now = Date.now();
    const target = { x: home.x + 2, y: home.y + 3 };
    const travel = (units: UnitCounts) => attackTimes({ from: home, to: target, units, arrival: 0, unitInfo: speeds }).travelSeconds * 1000;
    // The first leaves 8 s from now, the second 60 s after it: claimed at once (a 90 s lead), never sent.
    const first = { type: "attack" as const, from: home, to: target, units: { axe: 100 }, arrival: now + 8_000 + travel({ axe: 1 }) };
    const second = { ...first, arrival: first.arrival + 60_000 };
    const { plan, rows } = await createPlanWithAttacks(app, account, account.player, [first, second]);
    await enableAttackScanner(app, account, plan.id, 90);
    await startBotOnline(app, account);
    await eventually(async () => {
      const claimed = await app.db.select().from(attacks).where(eq(attacks.planId, plan.id));
      expect(claimed.map((a) => a.dsbotId)).toEqual([account.bot.id, account.bot.id]);
    });
    // The game raises its check; the first send meets it.
    world.injectFault(account.player, "bot_protection");

    const failed = await eventually(
      async () => {
        const stored = await app.db.select().from(attacks).where(eq(attacks.planId, plan.id));
        expect(stored.map((a) => a.status)).toEqual(["failed", "failed"]);
        return stored;
      },
      { timeoutMs: 20_000 },
    );
    const handedBackAt = Date.now();
    expect(failed.every((a) => a.error === "Bot-Schutz im Spiel: der Bot ist angehalten, bis du ihn löst.")).toBe(true);
    expect(world.commands.filter((c) => c.from.villageId === home.id)).toEqual([]);
    // Both are the owner's tab requests (written just after the failed status); the second one long before its send time.
    expect(handedBackAt).toBeLessThan(second.arrival - travel({ axe: 1 }) - 30_000);
    const requests = await eventually(async () => {
      const all = await app.db.select().from(tabRequests).where(eq(tabRequests.userId, account.bot.ownerId));
      expect(all.filter((r) => r.kind === "attack").map((r) => r.attackId).sort()).toEqual(rows.map((r) => r.id).sort());
      expect(all.filter((r) => r.kind === "player").map((r) => r.reason)).toEqual(["bot_protection"]);
      return all;
    });

    // Paused with "Bot-Schutz" since then; the owner is told, and asked in a tab request.
    expect(requests.filter((r) => r.kind === "player" && r.doneAt === null)).toHaveLength(1);
    await eventually(async () => {
      const [bot] = await app.db.select().from(dsbots).where(eq(dsbots.id, account.bot.id));
      expect(bot?.status).toBe("paused");
      expect(bot?.protectedSince).toBeInstanceOf(Date);
      expect(await notifications(app, account)).toContainEqual(
        expect.objectContaining({ title: "Bot braucht dich", message: expect.stringContaining("Bot-Schutz") }),
      );
    });
    const session = runner.session(account.bot.id);
    expect(session?.state).toBe("paused");

    // "Gelöst": online again, the sandbox's check solved, the player's request done.
    const rest = restClient(app, account.web);
    const solved = await rest.post(`/api/dsbot/${account.bot.id}/protection-solved`);
    expect(solved.statusCode, solved.body).toBe(200);
    expect(solved.json<BotResponse>().dsbot).toMatchObject({ status: "online", protectedSince: null });
    await eventually(async () => expect((await botLogs(app, account)).map((l) => l.message)).toContain(sessionMessages.protectionSolved));
    expect(player.botProtectionSince).toBeNull();
    expect(session?.state).toBe("online");
    expect((await botLogs(app, account)).map((l) => l.message)).toContain(botLogMessages.protectionSolved);
    const open = await app.db.select().from(tabRequests).where(eq(tabRequests.userId, account.bot.ownerId));
    expect(open.filter((r) => r.kind === "player" && r.doneAt === null)).toEqual([]);
    // A second "Gelöst" has nothing to solve.
    expect((await rest.post(`/api/dsbot/${account.bot.id}/protection-solved`)).statusCode).toBe(409);
  }, 45_000);
});
