// Commands arriving in the sandbox, settled when the player looks (like the game's lazy world):
// attacks fight and turn home with their haul, supports stand in their target, returns unload.
import type { GameCommand, Unit } from "@dsbot/protocol";
import type { SandboxWorld } from "./world.js";
import type { SandboxPlayer } from "./world-types.js";

/**
 * Arrived attacks fight (losses, haul, a report) and their survivors turn home; arrived supports stand
 * in their target; arrived returns bring the units and their haul home. In order of arrival.
 */
export function settleCommands(world: SandboxWorld, player: SandboxPlayer): void {
  // Again while returns are made that are already home (a long wait between two looks).
  while (settleDue(world, player)) {
    /* next round */
  }
}

/** One round of settleCommands; answers whether any command was due. */
function settleDue(world: SandboxWorld, player: SandboxPlayer): boolean {
  const now = world.now();
  const list = world.commands;
  const due = list.filter((c) => c.arrivesAt <= now && c.from.playerName === player.name).sort((a, b) => a.arrivesAt - b.arrivesAt || a.id - b.id);
  if (due.length === 0) return false;
  const dueIds = new Set(due.map((c) => c.id));
  for (let i = list.length - 1; i >= 0; i--) if (dueIds.has((list[i] as GameCommand).id)) list.splice(i, 1);
  for (const c of due) {
    if (c.kind === "attack" && c.units) {
      const { survivors, haul } = world.resolveAttack(c, player.id);
      if (Object.keys(survivors).length === 0) continue;
      const back: GameCommand = { ...c, id: world.nextCommandId++, kind: "return", sentAt: c.arrivesAt, arrivesAt: c.arrivesAt + (c.arrivesAt - c.sentAt), label: "Rückkehr", units: survivors };
      world.carryHome(back.id, haul);
      list.push(back);
    } else if (c.kind === "support" && c.units) {
      // Arrived supports stand in the target village (counted there, eating from their home's farm).
      world.stationed.push({ fromVillageId: c.from.villageId, atVillageId: c.to.villageId, units: { ...c.units } });
    } else if (c.kind === "return" && c.units) {
      const home = world.village(c.from.villageId);
      if (home) {
        for (const [u, n] of Object.entries(c.units) as [Unit, number][]) home.units[u] += n;
        world.unload(c.id, home);
      }
    }
  }
  return true;
}

