// NPC aggressors: other players of the map attack a bot's villages, so the war room has
// something to show. The first look at a player's commands finds a wave already on its way (some half
// walked, a scout a minute from landing), a noble train (four commands with a noble each, 100 ms
// apart) and fakes; afterwards a new
// command leaves every NPC_WAVE_MS of game time, every fifth wave a noble train. Travel times follow the
// game's rule (the slowest unit, round(distance × minutes per field × 60) seconds). Landed commands
// leave the list. Deterministic from the world's seed.
import type { GameCommand, Unit, UnitCounts } from "@dsbot/protocol";
import { createRandom, hashSeed, type Random } from "./random.js";
import { unitMinutesPerField } from "./rules.js";
import type { SandboxPlayer, SandboxVillage } from "./world-types.js";

/** What the raiders need of the world (SandboxWorld has it). */
export interface NpcWorld {
  readonly seed: number;
  readonly speed: number;
  readonly unitSpeed: number;
  readonly commands: GameCommand[];
  readonly players: ReadonlyMap<string, SandboxPlayer>;
  nextCommandId: number;
  now(): number;
  village(id: number): SandboxVillage | undefined;
  player(name: string): SandboxPlayer;
  enemyVillagesNear(target: SandboxVillage, min: number, max: number): SandboxVillage[];
}

/** Game time between two waves on one player. */
export const NPC_WAVE_MS = 90_000;
/** The first wave's scout is this close to landing when first seen (so a command lands early on). */
export const NPC_FIRST_LANDING_MS = 60_000;
/** Origins are villages of other players this far from the target, in fields. */
const NPC_RANGE: readonly [number, number] = [4, 18];

type NpcKind = "attack" | "fake" | "scout" | "train";
const armies: Record<Exclude<NpcKind, "train">, UnitCounts[]> = {
  attack: [{ axe: 3000, light: 1200, ram: 200 }, { axe: 5000, light: 2000, marcher: 300, catapult: 50 }, { light: 1500, axe: 1000 }],
  fake: [{ ram: 1 }, { catapult: 1 }, { spear: 1, ram: 1 }],
  scout: [{ spy: 50 }, { spy: 5 }],
};
const trainCommand: UnitCounts = { snob: 1, axe: 250, light: 50 };

interface NpcState {
  random: Random;
  nextWaveAt: number;
  waves: number;
}

export class NpcAggressors {
  private readonly state = new Map<number, NpcState>();
  /** The commands the NPCs sent (they leave the list when they land). */
  private readonly ids = new Set<number>();

  constructor(private readonly world: NpcWorld) {}

  /** Brings the NPC commands on the player's villages up to now: landed ones go, due waves leave. */
  tick(player: SandboxPlayer): void {
    const now = this.world.now();
    this.dropLanded(now);
    if (player.villageIds.length === 0) return;
    let state = this.state.get(player.id);
    if (!state) {
      state = { random: createRandom(hashSeed(`npc:${player.name}`, this.world.seed)), nextWaveAt: now + NPC_WAVE_MS, waves: 0 };
      this.state.set(player.id, state);
      this.firstWave(player, state, now);
    }
    while (state.nextWaveAt <= now) {
      state.waves += 1;
      const kind: NpcKind = state.waves % 5 === 0 ? "train" : state.random.pick<NpcKind>(["attack", "attack", "fake", "fake", "scout"]);
      this.send(player, state, kind, state.nextWaveAt);
      state.nextWaveAt += NPC_WAVE_MS;
    }
  }

  private firstWave(player: SandboxPlayer, state: NpcState, now: number): void {
    for (let i = 0; i < 3; i++) this.send(player, state, "attack", now, state.random.next() * 0.6);
    this.send(player, state, "train", now);
    this.send(player, state, "fake", now);
    this.send(player, state, "fake", now, 0.3);
    this.send(player, state, "scout", now);
    this.send(player, state, "scout", now, 0, NPC_FIRST_LANDING_MS);
  }

  private dropLanded(now: number): void {
    const list = this.world.commands;
    for (let i = list.length - 1; i >= 0; i--) {
      const c = list[i] as GameCommand;
      if (c.arrivesAt <= now && this.ids.delete(c.id)) list.splice(i, 1);
    }
  }

  /**
   * A command (or a train of four) leaving at `leftAt`, `walked` of its way done by then — or, with
   * `landsIn`, left so long ago that it lands that much game time after `leftAt`.
   */
  private send(player: SandboxPlayer, state: NpcState, kind: NpcKind, leftAt: number, walked = 0, landsIn?: number): void {
    const target = this.world.village(state.random.pick(player.villageIds));
    if (!target) return;
    const origin = this.origin(player, target, state.random);
    if (!origin) return;
    const owner = [...this.world.players.values()].find((p) => p.id === origin.ownerId)?.name ?? null;
    const count = kind === "train" ? 4 : 1;
    const units = kind === "train" ? trainCommand : state.random.pick(armies[kind]);
    const distance = Math.hypot(origin.x - target.x, origin.y - target.y);
    const slowest = Math.max(...(Object.entries(units) as [Unit, number][]).filter(([, n]) => n > 0).map(([u]) => unitMinutesPerField[u]));
    const travelMs = Math.round((distance * slowest * 60) / (this.world.speed * this.world.unitSpeed)) * 1000;
    for (let i = 0; i < count; i++) {
      const departure = landsIn === undefined ? leftAt - Math.round(travelMs * walked) : leftAt + Math.min(landsIn, travelMs) - travelMs;
      const sentAt = departure - (count - 1 - i) * 100;
      const id = this.world.nextCommandId++;
      this.ids.add(id);
      this.world.commands.push({
        id,
        kind: "attack",
        direction: "outgoing",
        from: { villageId: origin.id, x: origin.x, y: origin.y, playerName: owner },
        to: { villageId: target.id, x: target.x, y: target.y, playerName: player.name },
        sentAt,
        arrivesAt: sentAt + travelMs,
        label: "Angriff",
        units: { ...units },
      });
    }
  }

  /** A village of another player in range of the target (the map's, else the made-up "Raubritter"'s). */
  private origin(player: SandboxPlayer, target: SandboxVillage, random: Random): SandboxVillage | undefined {
    const near = this.world.enemyVillagesNear(target, NPC_RANGE[0], NPC_RANGE[1]);
    if (near.length > 0) return random.pick(near);
    const raider = this.world.player(player.name === "Raubritter" ? "Raubritter II" : "Raubritter");
    return this.world.village(random.pick(raider.villageIds));
  }
}
