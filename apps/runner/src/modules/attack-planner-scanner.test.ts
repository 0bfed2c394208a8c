// The Offplaner Scanner's log in the player's words: a support is logged as "Unterstützung von … nach …
// geschickt" (or "… nicht geschickt: …"), an attack as "Angriff von … auf …".
import type { BotAttack, UnitCounts } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { createAttackPlannerScannerModule } from "./attack-planner-scanner.js";
import { moduleTestContext } from "./module-test-context.js";

async function sendOne(type: BotAttack["type"], units: UnitCounts) {
  const test = await moduleTestContext("attack-planner-scanner", { attackPlanIds: [1] }, { playerName: "Kalle" });
  const player = test.world.player("Kalle");
  const home = test.world.village(player.villageIds[0] as number);
  if (!home) throw new Error("no sandbox village");
  home.units.spear = 100;
  const to = { x: home.x + 2, y: home.y + 1 };
  const attack: BotAttack = {
    id: 7,
    planId: 1,
    fromVillageId: home.id,
    from: { x: home.x, y: home.y },
    to,
    type,
    units,
    unit: "spear",
    sendTime: test.clock.now() + 1000,
    arrivalTime: test.clock.now() + 3_600_000,
  };
  const fired: Promise<void>[] = [];
  test.ctx.session = { ...test.ctx.session, claimAttacks: async () => [attack], at: (_ms, run) => (fired.push(Promise.resolve(run())), () => {}) };
  await createAttackPlannerScannerModule().run(test.ctx);
  await Promise.all(fired);
  return { logs: test.logs, from: `${home.x}|${home.y}`, to: `${to.x}|${to.y}` };
}

describe("Offplaner Scanner log", () => {
  it("says 'Unterstützung von … nach … geschickt' for a support and 'Angriff von … auf …' for an attack", async () => {
    const support = await sendOne("support", { spear: 10 });
    expect(support.logs).toEqual([expect.stringMatching(new RegExp(`^Unterstützung von ${support.from} nach ${support.to} geschickt, Ankunft `))]);
    const attack = await sendOne("attack", { spear: 10 });
    expect(attack.logs).toEqual([expect.stringMatching(new RegExp(`^Angriff von ${attack.from} auf ${attack.to} geschickt, Ankunft `))]);
  });

  it("says 'Unterstützung … nicht geschickt' with what is missing", async () => {
    const { logs, from, to } = await sendOne("support", { spear: 500 });
    expect(logs).toEqual([`Unterstützung von ${from} nach ${to} nicht geschickt: Nicht genügend Einheiten in ${from}: Speerträger (400 fehlen)`]);
  });
});
