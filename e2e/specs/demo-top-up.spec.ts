// The demo stays alive: at any time after the start, the demo plan holds an open attack of a
// bot with the Offplaner Scanner (Kalle's and Zora's) to be sent within the next 10 minutes — the server
// tops the plan up every minute. Sampled at the moment this test runs, minutes after the e2e server
// started (the top-up's rule itself is tested with a moving clock in demo-attack-plan.test.ts).
import type { AttackPlanListResponse } from "@dsbot/protocol";
import { listAttacks, type PlanOwner } from "../attack-plans";
import { apiToken, expect, test } from "../fixtures";

/** The demo bots whose Offplaner Scanner the demo switches on for its plan. */
const SCANNER_PLAYERS = ["Kalle", "Zora"];
const WINDOW_MS = 10 * 60_000;

test("the demo plan always holds a scanner bot's attack to be sent within 10 minutes", async ({ request }) => {
  const token = await apiToken(request, "demo");
  const demo: PlanOwner = { id: 0, username: "demo", password: "", headers: { authorization: `Bearer ${token}` } };
  const plans = await request.get("/api/attack-plans", { headers: demo.headers, params: { searchVal: "Demo-Offensive" } });
  expect(plans.ok(), await plans.text()).toBeTruthy();
  const plan = ((await plans.json()) as AttackPlanListResponse).attackPlans.find((p) => p.name === "Demo-Offensive");
  expect(plan, "the demo plan exists").toBeDefined();

  const soon = async () => {
    const now = Date.now();
    const { attacks } = await listAttacks(request, demo, plan!.id, { statusFilter: "planned,due", sortBy: "sendTime" });
    return attacks.filter((a) => SCANNER_PLAYERS.includes(a.startVillage.player?.name ?? "") && a.sendTime > now && a.sendTime <= now + WINDOW_MS).length;
  };
  // A top-up runs every minute: within one, at least one such attack is there.
  await expect.poll(soon, { timeout: 90_000 }).toBeGreaterThan(0);
});
