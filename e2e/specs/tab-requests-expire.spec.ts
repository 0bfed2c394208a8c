// Stale tab requests: an attack no bot can send becomes a tab request when it falls due and
// shows in Tab Anfragen and in the sidebar's count; once its time has passed (the attack expires) the
// request leaves the open list and the count, live, without a reload.
import { ATTACK_DUE_LEAD_MS, ATTACK_EXPIRE_GRACE_MS, type UnitCounts } from "@dsbot/protocol";
import { allyOf, arrivalFor, coord, createPlan, demoWorldData, importAttacks, listAttacks, nearestVillages, planOwner, villagesOf } from "../attack-plans";
import { expect, loginWith, sidebar, test } from "../fixtures";

test("a tab request whose attack expires leaves the open list and the sidebar count, live", async ({ page, request }) => {
  test.setTimeout(200_000);
  const world = demoWorldData();
  const owner = await planOwner(request, "tabexp");
  const planId = await createPlan(request, owner, "Verpasst");
  // Bruno has no bot here: his attack becomes a tab request when it falls due (60 s before it leaves).
  const home = villagesOf(world, "Bruno")[0]!;
  const target = nearestVillages(world, home, 1, (v) => v.playerId !== 0 && allyOf(world, v) !== allyOf(world, home))[0]!;
  const units: UnitCounts = { spear: 10 };
  const send = Date.now() + ATTACK_DUE_LEAD_MS + 15_000;
  await importAttacks(request, owner, planId, [{ from: coord(home), to: coord(target), type: "attack", units, unit: "spear", arrival: arrivalFor(home, target, units, send), priority: 3 }]);
  const [attack] = (await listAttacks(request, owner, planId)).attacks;
  expect(attack!.sendTime).toBe(send);

  await loginWith(page, owner.username, owner.password, "/tab-requests");
  const card = page.getByTestId("tab-request").filter({ hasText: `${attack!.startVillage.coordinates} → ${attack!.targetVillage.coordinates}` });
  const count = sidebar(page).getByTestId("sidebar-open-tab-requests");
  // Due: listed, and counted beside "Tab Anfragen".
  await expect(card).toHaveCount(1, { timeout: send - ATTACK_DUE_LEAD_MS - Date.now() + 30_000 });
  await expect(count).toHaveText("1");
  await expect(sidebar(page).getByRole("link", { name: "Tab Anfragen" })).toHaveAttribute("title", /1/);

  // Expired: gone from the open list and from the count, without a reload.
  await expect(card).toHaveCount(0, { timeout: send + ATTACK_EXPIRE_GRACE_MS - Date.now() + 30_000 });
  await expect(count).toHaveCount(0);
  expect((await listAttacks(request, owner, planId)).attacks[0]?.status).toBe("expired");
});
