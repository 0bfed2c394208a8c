// Umbenenner on a fixed sandbox seed: the villages take the pattern's names (continent,
// running number), a second run leaves them alone, and an incoming attack gets its tag: the likely
// unit by its walk (an axe's pace over five fields) and the arrival on the world's clock.
import { describe, expect, it } from "vitest";
import { moduleTestContext } from "./module-test-context.js";
import { createRenamerModule, villageName } from "./renamer.js";

describe("Umbenenner", () => {
  it("names the villages by the pattern and tags an incoming attack with its likely unit and arrival", async () => {
    const t = await moduleTestContext("renamer", { villagePattern: "{K} {nr}", startNumber: 1, numberDigits: 3, incomingPattern: "{unit} {arrival}" });
    const player = await t.driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    const villages = player.value.villages;
    const home = villages[0]!;
    // An attack with axes from five fields east, sent right now (13:00:00 Berlin): 5 × 18 min = 1:30 h.
    const now = t.clock.now();
    t.world.commands.push({
      id: 9001, kind: "attack", direction: "outgoing",
      from: { villageId: 0, x: home.x + 5, y: home.y, playerName: "Feind" },
      to: { villageId: home.id, x: home.x, y: home.y, playerName: "Bauherr" },
      sentAt: now, arrivesAt: now + 5 * 18 * 60_000, label: "Angriff", units: { axe: 100 },
    });
    const renamer = createRenamerModule();
    await renamer.run(t.ctx);
    const names = villages.map((v) => t.world.village(v.id)!.name);
    const k = (v: { x: number; y: number }) => `K${Math.floor(v.y / 100)}${Math.floor(v.x / 100)}`;
    expect(names).toEqual(villages.map((v, i) => `${k(v)} ${String(i + 1).padStart(3, "0")}`));
    const tag = "Speerträger/Axtkämpfer/Bogenschütze 14:30:00:000";
    expect(t.world.commands.find((c) => c.id === 9001)!.label).toBe(tag);
    expect(t.logs).toEqual([`Umbenenner: ${villages.length} Dörfer umbenannt · 1 Angriff markiert („${tag}“)`]);

    t.logs.length = 0;
    await renamer.run(t.ctx);
    expect(t.logs).toEqual(["Umbenenner: alle Dörfer heißen schon nach Muster · keine neuen Angriffe zu markieren"]);
  });

  it("writes the arrival on the clock of the world's zone the server names", async () => {
    const t = await moduleTestContext("renamer", { renameVillages: false, incomingPattern: "{arrival}" });
    t.ctx.timeZone = "Europe/London";
    const player = await t.driver.getPlayer();
    if (!player.ok) throw new Error(player.error);
    const home = player.value.villages[0]!;
    const now = t.clock.now();
    t.world.commands.push({
      id: 9002, kind: "attack", direction: "outgoing",
      from: { villageId: 0, x: home.x + 5, y: home.y, playerName: "Feind" },
      to: { villageId: home.id, x: home.x, y: home.y, playerName: "Bauherr" },
      sentAt: now, arrivesAt: now + 5 * 18 * 60_000, label: "Angriff", units: { axe: 100 },
    });
    await createRenamerModule().run(t.ctx);
    // 13:30 UTC: 13:30 in London (14:30 in Berlin, the zone before servers named one).
    expect(t.world.commands.find((c) => c.id === 9002)!.label).toBe("13:30:00:000");
  });

  it("fills coordinates and cuts at the game's 32 characters", () => {
    const config = { enabled: true, renameVillages: true, villagePattern: "{x}|{y} Nordfront Hauptdorf Nummer {nr}", startNumber: 7, numberDigits: 2, tagIncomings: false, incomingPattern: "{unit}" };
    expect(villageName(config, { x: 512, y: 487 }, 0)).toBe("512|487 Nordfront Hauptdorf Numm");
    expect(villageName({ ...config, villagePattern: "{K}-{nr}" }, { x: 512, y: 487 }, 3)).toBe("K45-10");
  });
});
