// The modules the sandbox runner executes for real (timer, relogin, inventory) and the stubs, each
// running in a bot session against a real server and a sandbox world on a manual clock.
import { formatServerTime, units, weekdays, type BotUsageResponse, type BuilderTemplateResponse } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { worlds } from "../../server/src/db/schema.js";
import { forgetWorldZones } from "../../server/src/modules/worlds/world-zone.js";
import {
  botLogs,
  botStatus,
  createAccount,
  createTestApp,
  createTestRunner,
  eventually,
  listen,
  notifications,
  restClient,
  startBotOnline,
  storedTroops,
  type TestApp,
} from "../test/harness.js";
import { reloginMessages } from "./modules/relogin.js";
import type { Runner } from "./runner.js";

let app: TestApp;
let url: string;
const runners: Runner[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(() => app?.dispose());

/** A bot with the given module settings (saved through REST before the start), started and online. */
async function startBot(modules: Record<string, Record<string, unknown>>, options: { requestBudgetPerHour?: number } = {}) {
  const account = await createAccount(app);
  const rest = restClient(app, account.web);
  for (const [moduleName, module] of Object.entries(modules)) {
    const saved = await rest.post(`/api/dsbot/${account.bot.id}/module`, { moduleName, module });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const { clock, world, runner } = createTestRunner(url, account, { seed: 11, ...options });
  runners.push(runner);
  await runner.ready();
  await startBotOnline(app, account);

  const messages = async () => (await botLogs(app, account)).map((l) => l.message);
  /** Tick the bot's clock until a log line matches. */
  const waitForLog = (match: RegExp) =>
    eventually(
      async () => {
        const all = await messages();
        expect(all.some((m) => match.test(m)), `${match} in ${JSON.stringify(all)}`).toBe(true);
      },
      { clock },
    );
  return { account, rest, clock, world, runner, messages, waitForLog };
}

const inventoryEveryMinute = { enabled: true, intervalMinutes: 1 };

describe("Auge", () => {
  it("logs the next arrival at its time on the world's clock, in the zone the server names", async () => {
    // The bots' world keeps London time here (an admin's correction), so Berlin would be an hour off.
    const world = and(eq(worlds.server, "die-staemme.de"), eq(worlds.world, "de230"));
    const account = await createAccount(app);
    await app.db.update(worlds).set({ timeZone: "Europe/London" }).where(world);
    forgetWorldZones(app.db);
    try {
      const saved = await restClient(app, account.web).post(`/api/dsbot/${account.bot.id}/module`, { moduleName: "command-scanner", module: { enabled: true } });
      expect(saved.statusCode, saved.body).toBe(200);
      const { clock, world: sandbox, runner } = createTestRunner(url, account, { seed: 11 });
      runners.push(runner);
      const [own] = sandbox.player(account.player).villageIds;
      const target = sandbox.village(own!)!;
      const arrivesAt = clock.now() + 95 * 60_000;
      sandbox.commands.push({
        id: sandbox.nextCommandId++, kind: "attack", direction: "outgoing", label: "Angriff", sentAt: clock.now() - 60_000, arrivesAt,
        from: { villageId: 0, x: target.x + 5, y: target.y, playerName: "Carla" }, to: { villageId: target.id, x: target.x, y: target.y, playerName: account.player },
      });
      await runner.ready();
      await startBotOnline(app, account);
      const line = `Auge: 1 eingehender Angriff · nächste Ankunft um ${formatServerTime(arrivesAt, "Europe/London").slice(9, 17)} (in 95 min)`;
      await eventually(async () => expect((await botLogs(app, account)).map((l) => l.message)).toContain(line), { clock });
    } finally {
      await app.db.update(worlds).set({ timeZone: null }).where(world);
      forgetWorldZones(app.db);
    }
  });
});

describe("timer", () => {
  it("runs no other module outside the active hours, logs going idle once, and lets them run when switched off", async () => {
    const allDaysOff = Object.fromEntries(weekdays.map((d) => [d, { active: false }]));
    const s = await startBot({ timer: { enabled: true, days: allDaysOff }, inventory: inventoryEveryMinute });
    await s.waitForLog(/^Timer: außerhalb der aktiven Zeit/);
    for (let i = 0; i < 5; i++) s.clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const idle = await s.messages();
    expect(idle.filter((m) => m.startsWith("Timer: außerhalb"))).toHaveLength(1);
    expect(idle.some((m) => m.startsWith("Inventur:"))).toBe(false);

    await s.rest.post(`/api/dsbot/${s.account.bot.id}/toggle-module`, { moduleName: "timer" });
    await s.waitForLog(/^Inventur:/);
  });

  it("inside the active hours the other modules run", async () => {
    const s = await startBot({ timer: { enabled: true, breaks: { enabled: false } }, inventory: inventoryEveryMinute });
    await s.waitForLog(/^Inventur:/);
    expect(await s.messages()).toContain("Timer: aktive Zeit, der Bot arbeitet");
  });
});

describe("relogin", () => {
  it("logs in again after the game session expired", async () => {
    const s = await startBot({ relogin: { enabled: true } });
    s.world.injectFault(s.account.player, "session_lost");
    await s.waitForLog(new RegExp(`^${reloginMessages.succeeded(1).replace(/[()]/g, "\\$&")}$`));
    expect(await botStatus(app, s.account)).toBe("online");
  });

  it("pauses the bot on a captcha when configured so; the server shows it paused", async () => {
    const s = await startBot({ relogin: { enabled: true, onCaptcha: "pause" } });
    s.world.injectFault(s.account.player, "session_lost");
    s.world.injectFault(s.account.player, "captcha");
    await s.waitForLog(/^Relogin: Bot-Schutz \(Captcha\) erkannt, Bot pausiert$/);
    await eventually(async () => expect(await botStatus(app, s.account)).toBe("paused"));
    expect(s.runner.session(s.account.bot.id)?.state).toBe("paused");
    expect(await s.messages()).toContain("Vom Bot pausiert");
    // The player is told (bot:needs-player → a notification for the bot's owner).
    await eventually(async () =>
      expect(await notifications(app, s.account)).toEqual([
        expect.objectContaining({ title: "Bot braucht dich", message: expect.stringMatching(new RegExp(`^Der Bot "${s.account.player}" braucht dich: Captcha`)) }),
      ]),
    );
  });

  it("with a tab request policy it warns, retries at its interval and gives up after the maximum tries", async () => {
    const s = await startBot({ relogin: { enabled: true, retryIntervalSeconds: 10, maxTries: 2 } });
    s.world.injectFault(s.account.player, "session_lost");
    s.world.injectFault(s.account.player, "captcha", 60);
    await s.waitForLog(/^Relogin nach 2 Versuchen aufgegeben$/);
    const logs = await botLogs(app, s.account);
    expect(logs.filter((l) => l.message === reloginMessages.captchaTabRequest)).toEqual([
      expect.objectContaining({ level: "warn" }),
      expect.objectContaining({ level: "warn" }),
    ]);
    expect(await botStatus(app, s.account)).toBe("online");
    // Two failed tries, one notification.
    expect((await notifications(app, s.account)).map((n) => n.title)).toEqual(["Bot braucht dich"]);
  });
});

describe("inventory", () => {
  it("scans the villages, keeps the snapshot and logs a summary", async () => {
    const s = await startBot({ inventory: inventoryEveryMinute });
    await s.waitForLog(/^Inventur: \d+ Dörfer/);
    const player = s.world.player(s.account.player);
    const snapshot = s.runner.session(s.account.bot.id)?.inventory;
    expect(snapshot?.villages.map((v) => v.id)).toEqual(player.villageIds);
    const summary = (await s.messages()).find((m) => m.startsWith("Inventur:"));
    expect(summary).toContain(`Inventur: ${player.villageIds.length} Dörfer`);
    expect(summary).toMatch(/Rohstoffe: [\d.]+ Holz, [\d.]+ Lehm, [\d.]+ Eisen/);
    expect(summary).toMatch(/Einheiten: .*Speerträger/);
  });

  it("reports the troops at home to the server after the scan; without scanning troops it reports none", async () => {
    const s = await startBot({ inventory: inventoryEveryMinute });
    const started = s.clock.now();
    const rows = await eventually(async () => {
      const found = await storedTroops(app, s.account);
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, { clock: s.clock });
    const snapshot = s.runner.session(s.account.bot.id)?.inventory;
    const expected = (snapshot?.villages ?? [])
      .map((v) => ({
        villageId: v.id,
        x: v.x,
        y: v.y,
        name: v.name,
        units: Object.fromEntries(units.filter((u) => v.units[u] > 0).map((u) => [u, v.units[u]])),
      }))
      .sort((a, b) => a.villageId - b.villageId);
    expect(rows.map((r) => ({ villageId: r.villageId, x: r.x, y: r.y, name: r.name, units: r.units }))).toEqual(expected);
    expect(rows.some((r) => (r.units.spear ?? 0) > 0)).toBe(true);
    for (const row of rows) expect(row.scannedAt.getTime()).toBeGreaterThanOrEqual(started);

    const quiet = await startBot({ inventory: { ...inventoryEveryMinute, scanTroops: false } });
    await quiet.waitForLog(/^Inventur: \d+ Dörfer/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedTroops(app, quiet.account)).toEqual([]);
  });
});

describe("every module runs in the sandbox", () => {
  it("the renamer, switched on with its defaults, renames the villages and logs it at info level", async () => {
    const s = await startBot({ renamer: { enabled: true } });
    const names = () => s.world.player(s.account.player).villageIds.map((id) => s.world.village(id)?.name);
    await s.waitForLog(/^Umbenenner: \d+ Dörfer umbenannt/);
    const entry = (await botLogs(app, s.account)).find((l) => l.message.startsWith("Umbenenner:"));
    expect(entry?.level).toBe("info");
    expect(names().every((name) => /^K\d\d \d{3}$/.test(name ?? ""))).toBe(true);
  });
});

describe("request budget", () => {
  it("counts the bot's game requests, holds the modules once the hour's budget is spent, and reports it to the bot page", async () => {
    // An inventory every minute costs one request (the scan); the login one more. A budget of 4 lasts three scans.
    const s = await startBot({ inventory: inventoryEveryMinute }, { requestBudgetPerHour: 4 });
    await s.waitForLog(/^Anfragebudget erreicht: 4 Anfragen in der letzten Stunde \(Budget 4\); die Module warten noch \d+ min$/);
    const scans = (await s.messages()).filter((m) => m.startsWith("Inventur:")).length;
    expect(scans).toBe(3);
    // The server keeps the bot's report (every minute), and those who may see the bot read it.
    await eventually(
      async () => {
        const usage = (await s.rest.get(`/api/dsbot/${s.account.bot.id}/usage`)).json<BotUsageResponse>().usage;
        expect(usage).toMatchObject({ requestsLastHour: 4, budgetPerHour: 4, captchasLast24h: 0, throttled: true });
      },
      { clock: s.clock },
    );
    // An hour on, the budget is free again and the inventory scans.
    s.clock.advance(60 * 60_000);
    await s.waitForLog(/^Anfragebudget wieder frei: die Module laufen weiter$/);
    await eventually(async () => expect((await s.messages()).filter((m) => m.startsWith("Inventur:")).length).toBeGreaterThan(scans), { clock: s.clock });
  });
});

describe("builder templates", () => {
  it("the runner keeps its template between runs, and a changed template is followed at the next run (the server tells the bots using it)", async () => {
    const account = await createAccount(app);
    const rest = restClient(app, account.web);
    const created = await rest.post("/api/account-manager/templates", { name: "Mauer", steps: [{ building: "wall", level: 20 }] });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json<BuilderTemplateResponse>().template.id;
    const module = { enabled: true, templateMode: "default", defaultTemplateId: templateId, queueLength: 1, farmSafetyPercent: 0, storageSafetyPercent: 0 };
    const saved = await rest.post(`/api/dsbot/${account.bot.id}/module`, { moduleName: "builder", module });
    expect(saved.statusCode, saved.body).toBe(200);
    const { clock, world, runner } = createTestRunner(url, account, { seed: 11 });
    runners.push(runner);
    await runner.ready();
    // Room and resources enough: only the template decides what is built.
    const villages = world.player(account.player).villageIds.map((id) => world.village(id)!);
    const fill = () => {
      for (const village of villages) {
        Object.assign(village.buildings, { farm: 30, storage: 30 });
        Object.assign(village.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
      }
    };
    fill();
    await startBotOnline(app, account);
    // The builder's lines, newest first.
    const messages = async () => (await botLogs(app, account)).map((l) => l.message).filter((m) => m.startsWith("Builder:"));
    await eventually(async () => expect((await messages()).some((m) => m.includes("(Wall "))).toBe(true), { clock });

    // The template now wants the market. The change reaches the bot before a later toggle does (one socket,
    // in order): once the toggle is logged, the next run must follow the new steps.
    const changed = await rest.put(`/api/account-manager/templates/${templateId}`, { name: "Mauer", steps: [{ building: "market", level: 25 }] });
    expect(changed.statusCode, changed.body).toBe(200);
    await rest.post(`/api/dsbot/${account.bot.id}/toggle-module`, { moduleName: "command-scanner" });
    await eventually(async () => expect((await botLogs(app, account)).map((l) => l.message)).toContain("Modul „Auge“ übernommen (aktiv)"));
    for (const village of villages) village.buildQueue = [];
    fill();
    const before = (await messages()).length;
    await eventually(async () => expect((await messages()).length).toBeGreaterThan(before), { clock });
    const next = (await messages()).at(-before - 1)!;
    expect(next).toMatch(/\(Marktplatz \d+/);
    expect(next).not.toContain("Wall");
  });
});
