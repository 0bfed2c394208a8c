// Vorlagenzuweiser on a fixed sandbox seed: each village gets the template of the first rule
// that fits (a group, or the class of its army: an off, a def), and the builder in its "assigned" mode builds each village by its own template.
import type { Unit } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { createBuilderModule } from "./builder.js";
import { moduleTestContext } from "./module-test-context.js";
import { createTemplateassignerModule } from "./templateassigner.js";

describe("Vorlagenzuweiser", () => {
  it("assigns templates by group and army type, and the builder follows the assignment", async () => {
    const rules = [
      { group: "Front", villageType: "any" as const, templateId: 3 },
      { group: "", villageType: "off" as const, templateId: 1 },
      { group: "", villageType: "def" as const, templateId: 2 },
    ];
    const t = await moduleTestContext("templateassigner", { rules });
    const player = await t.driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    const [off, def, third] = player.value.villages;
    expect(third).toBeDefined();
    const sandbox = (id: number) => t.world.village(id)!;
    // An off, a def, and a third village in the group "front" (case ignored); a fourth, if any, is empty and fits no rule.
    for (const v of player.value.villages) for (const u of Object.keys(sandbox(v.id).units) as Unit[]) sandbox(v.id).units[u] = 0;
    Object.assign(sandbox(off!.id).units, { axe: 3000, light: 1000, ram: 100 });
    Object.assign(sandbox(def!.id).units, { spear: 3000, sword: 3000 });
    sandbox(third!.id).groups = ["front"];
    const b = (id: number) => sandbox(id).buildings;
    // Every prerequisite of the templates' buildings stands.
    for (const v of player.value.villages) Object.assign(b(v.id), { main: 20, barracks: 10, smith: 10, storage: 30, farm: 30 });
    t.templates.set(1, { id: 1, name: "Off-Ausbau", steps: [{ building: "stable", level: b(off!.id).stable + 1 }] });
    t.templates.set(2, { id: 2, name: "Def-Ausbau", steps: [{ building: "wall", level: b(def!.id).wall + 1 }] });
    t.templates.set(3, { id: 3, name: "Front", steps: [{ building: "watchtower", level: 1 }, { building: "smith", level: b(third!.id).smith + 1 }] });
    await createTemplateassignerModule().run(t.ctx);
    expect(Object.fromEntries(t.ctx.session.assignments)).toMatchObject({ [off!.id]: 1, [def!.id]: 2, [third!.id]: 3 });
    const rest = player.value.villages.length - 3;
    expect(t.logs[0]).toBe(
      `Vorlagenzuweiser: 3 Dörfer zugewiesen („Off-Ausbau“: 1, „Def-Ausbau“: 1, „Front“: 1) · 3 Änderungen${rest > 0 ? ` · ${rest} ${rest === 1 ? "Dorf" : "Dörfer"} ohne passende Regel` : ""}`,
    );

    // The builder, in the "assigned" mode, sharing the session: each village by its own template.
    const before = { stable: b(off!.id).stable, wall: b(def!.id).wall, smith: b(third!.id).smith };
    for (const v of player.value.villages) {
      Object.assign(sandbox(v.id).resources, { wood: 400_000, stone: 400_000, iron: 400_000 });
    }
    const builderCtx = { ...t.ctx, config: { enabled: true, queueLength: 1, templateMode: "assigned" as const, defaultTemplateId: null, villageTemplates: [], farmSafetyPercent: 0, storageSafetyPercent: 0 } };
    await createBuilderModule().run(builderCtx as never);
    expect(sandbox(off!.id).buildQueue.map((q) => [q.building, q.level])).toEqual([["stable", before.stable + 1]]);
    expect(sandbox(def!.id).buildQueue.map((q) => [q.building, q.level])).toEqual([["wall", before.wall + 1]]);
    expect(sandbox(third!.id).buildQueue.map((q) => [q.building, q.level])).toEqual([["watchtower", 1]]);

    // A second run changes nothing.
    t.logs.length = 0;
    await createTemplateassignerModule().run(t.ctx);
    expect(t.logs[0]).toContain("· 0 Änderungen");
  });
});
