// The builder on a fixed sandbox seed: it follows its template step by step — levels rise in
// the sandbox in the template's order — keeps the queue at its length, raises the farm first when it is
// about to be full, and says what it did in one German line.
import type { BuildingLevels, VillageSnapshot } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { createBuilderModule } from "./builder.js";
import { moduleTestContext } from "./module-test-context.js";

async function firstVillage(driver: { getPlayer: () => Promise<{ ok: boolean; value?: { villages: VillageSnapshot[] } }> }): Promise<VillageSnapshot> {
  const player = await driver.getPlayer();
  if (!player.ok || !player.value?.villages[0]) throw new Error("no village");
  return player.value.villages[0];
}

describe("builder", () => {
  it("follows the template step by step, the queue at its length", async () => {
    const t = await moduleTestContext("builder", { queueLength: 2, templateMode: "per_village", defaultTemplateId: null, farmSafetyPercent: 0, storageSafetyPercent: 0 });
    const start = await firstVillage(t.driver);
    const village = t.world.village(start.id)!;
    // Plenty of resources and room, so only the template decides.
    village.buildings.storage = 30;
    village.buildings.farm = 30;
    const b = start.buildings;
    const steps = [
      { building: "wood" as const, level: b.wood + 2 },
      { building: "main" as const, level: b.main },
      { building: "stone" as const, level: b.stone + 1 },
      { building: "main" as const, level: b.main + 1 },
    ];
    t.templates.set(7, { id: 7, name: "Test", steps });
    t.ctx.config = { ...t.ctx.config, villageTemplates: [{ villageId: start.id, templateId: 7 }] };
    const fill = () => Object.assign(village.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
    const builder = createBuilderModule();
    const levels = (): BuildingLevels => ({ ...t.world.village(start.id)!.buildings });

    fill();
    await builder.run(t.ctx);
    // Wood twice (its step wants two more levels); main's step is already reached and skipped.
    expect(village.buildQueue.map((q) => [q.building, q.level])).toEqual([
      ["wood", b.wood + 1],
      ["wood", b.wood + 2],
    ]);
    const player = await t.driver.getPlayer();
    const others = player.ok ? player.value.villages.length - 1 : 0;
    expect(others).toBeGreaterThan(0);
    expect(t.logs[0]).toBe(
      `Builder: 2 Bauaufträge in 1 Dorf (Holzfällerlager ${b.wood + 1}, Holzfällerlager ${b.wood + 2}) · ${others} ${others === 1 ? "Dorf" : "Dörfer"} ohne Vorlage`,
    );

    // A full queue: nothing more this run.
    await builder.run(t.ctx);
    expect(village.buildQueue).toHaveLength(2);
    const withoutTemplate = `${others} ${others === 1 ? "Dorf" : "Dörfer"} ohne Vorlage`;
    expect(t.logs[1]).toBe(`Builder: nichts Neues in die Bauschleife gestellt · 1 Dorf mit voller Bauschleife (2 Aufträge) · ${withoutTemplate}`);

    // Both orders done: stone, then main.
    t.clock.advance(village.buildQueue.at(-1)!.finishesAt - t.clock.now() + 1);
    fill();
    await builder.run(t.ctx);
    expect(levels().wood).toBe(b.wood + 2);
    expect(t.world.village(start.id)!.buildQueue.map((q) => [q.building, q.level])).toEqual([
      ["stone", b.stone + 1],
      ["main", b.main + 1],
    ]);
    t.clock.advance(village.buildQueue.at(-1)!.finishesAt - t.clock.now() + 1);
    fill();
    await builder.run(t.ctx);
    expect(levels()).toMatchObject({ wood: b.wood + 2, stone: b.stone + 1, main: b.main + 1 });
    // The template is done, and the line says so.
    expect(village.buildQueue).toEqual([]);
    expect(t.logs[3]).toBe(`Builder: nichts Neues in die Bauschleife gestellt · 1 Dorf hat seine Vorlage erreicht · ${withoutTemplate}`);
  });

  it("raises the farm first when the next order would not fit, and waits for resources", async () => {
    const t = await moduleTestContext("builder", { queueLength: 1, templateMode: "default", defaultTemplateId: 3, farmSafetyPercent: 5, storageSafetyPercent: 0 });
    const player = await t.driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    t.templates.set(3, { id: 3, name: "Holz", steps: [{ building: "wood", level: 30 }] });
    for (const v of player.value.villages) {
      const village = t.world.village(v.id)!;
      village.buildings.storage = 30;
      Object.assign(village.resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
      // The farm within 5 % of full.
      village.units.spear += Math.max(0, Math.floor(v.population.max * 0.97) - v.population.used);
    }
    const builder = createBuilderModule();
    await builder.run(t.ctx);
    for (const v of player.value.villages) expect(t.world.village(v.id)!.buildQueue.map((q) => q.building)).toEqual(["farm"]);
    expect(t.logs[0]).toMatch(/^Builder: \d+ Bauaufträge in \d+ Dörfern \(Bauernhof \d+/);

    // Without resources the villages wait, and the log says why.
    const next = await t.driver.getPlayer();
    if (!next.ok) throw new Error(next.error);
    for (const v of next.value.villages) {
      const village = t.world.village(v.id)!;
      village.buildQueue = [];
      Object.assign(village.resources, { wood: 0, stone: 0, iron: 0 });
    }
    await builder.run(t.ctx);
    expect(t.logs[1]).toBe(`Builder: nichts Neues in die Bauschleife gestellt · ${next.value.villages.length} Dörfer warten: Nicht genügend Rohstoffe vorhanden.`);
  });

  it("says so when the server cannot give the templates", async () => {
    const t = await moduleTestContext("builder", { defaultTemplateId: 1 });
    t.ctx.session.templates = async () => null;
    await createBuilderModule().run(t.ctx);
    expect(t.logs).toEqual(["Builder: Die Vorlagen konnten nicht vom Server geholt werden; nächster Versuch beim nächsten Lauf."]);
  });
});
