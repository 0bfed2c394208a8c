// A browser in another time zone: a player in New York sees every time on the game's server
// clock, like a player in Berlin — the attack times of a plan (labelled with their zone) and the dates of
// the bot pages alike.
import { formatServerTime, serverTimeParts, slowestUnitOnAnyWorld, type UnitCounts } from "@dsbot/protocol";
import { allyOf, attackRow, coord, createPlan, demoWorldData, importAttacks, listAttacks, nearestVillages, planOwner, villagesOf } from "../attack-plans";
import { botOwner, botTable, createBot, loginOwner } from "../bots";
import { expect, loginWith, test } from "../fixtures";

test.use({ timezoneId: "America/New_York" });

const BERLIN = "Europe/Berlin";
const pad = (n: number) => String(n).padStart(2, "0");
/** DD.MM.YY HH:mm of an instant on a zone's clock, as the bot pages show dates. */
function shortDate(ms: number, zone: string): string {
  const p = serverTimeParts(ms, zone);
  return `${pad(p.day)}.${pad(p.month)}.${pad(p.year % 100)} ${pad(p.hour)}:${pad(p.minute)}`;
}

test("an attack plan shows its send and arrival times on the server clock, named in its header", async ({ page, request }) => {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/New_York");
  const world = demoWorldData();
  const home = villagesOf(world, "Kalle")[0]!;
  const target = nearestVillages(world, home, 1, (v) => v.playerId !== 0 && allyOf(world, v) !== allyOf(world, home))[0]!;
  const units: UnitCounts = { axe: 100 };
  const owner = await planOwner(request, "zone");
  const planId = await createPlan(request, owner, "Zeitzone");
  const arrival = Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000 + 321;
  await importAttacks(request, owner, planId, [{ from: coord(home), to: coord(target), type: "attack", units, unit: slowestUnitOnAnyWorld(units)!, arrival, priority: 3 }]);
  const [attack] = (await listAttacks(request, owner, planId)).attacks;

  await loginWith(page, owner.username, owner.password, `/attack-plans/${planId}`);
  await expect(page.getByText(/· Serverzeit Europe\/Berlin$/)).toBeVisible();
  const row = attackRow(page, attack!.id);
  await expect(row).toContainText(formatServerTime(attack!.sendTime, BERLIN));
  await expect(row).toContainText(formatServerTime(arrival, BERLIN));
  await expect(row).not.toContainText(formatServerTime(arrival, "America/New_York"));
});

test("the bot list shows a bot's dates on the server clock too", async ({ page, request }) => {
  const owner = await botOwner(request, "zonebot");
  const bot = await createBot(request, owner, "Zeitreisender");
  const answer = await request.get(`/api/dsbot/${bot.id}`, { headers: owner.headers });
  const { dsbot } = (await answer.json()) as { dsbot: { createdAt: string } };
  const created = Date.parse(dsbot.createdAt);

  await loginOwner(page, owner);
  const row = botTable(page).getByRole("row").filter({ hasText: bot.name });
  await expect(row).toContainText(shortDate(created, BERLIN));
  await expect(row).not.toContainText(shortDate(created, "America/New_York"));
});
