// Raubzug in the sandbox, by the rules of packages/protocol/src/game/scavenge.ts (docs/GAME-RULES.md,
// "Raubzug"): options unlock one after another (price paid, then a wait), a squad on a free option is
// out for the rule's whole seconds and brings home a third of its haul of each kind, capped by the
// storage when it arrives. The world settles returns and unlocks in time order with the queues
// (SandboxWorld.settle), so what a squad brings lands at its return, not when someone looks.
import {
  scavengeOptions,
  scavengeOutcome,
  scavengeUnits,
  scavengeWorld,
  type Resources,
  type ScavengeOptionId,
  type ScavengeOptionState,
  type ScavengeScreen,
  type ScavengeWorld,
  type Unit,
  type UnitCounts,
} from "@dsbot/protocol";
import type { SandboxVillage, VillageScavenge } from "./world-types.js";

/** A new village's options: the first always, the second from size 6, the third from size 10 (the fourth is to unlock). */
export function initialScavenge(size: number): VillageScavenge {
  const unlocked = new Set<ScavengeOptionId>([1]);
  if (size >= 6) unlocked.add(2);
  if (size >= 10) unlocked.add(3);
  return { unlocked, unlocking: new Map(), squads: new Map() };
}

/**
 * The world's scavenging constants (the protocol's carry table). Squads are out in economic time: the
 * sandbox's extra economy pace (the demo's 60) shortens them like build times, and the screen says so
 * in its duration factor, which the module plans with.
 */
export function sandboxScavengeWorld(speed: number, economyPace: number): ScavengeWorld {
  const rules = scavengeWorld(speed);
  return { ...rules, durationFactor: rules.durationFactor / economyPace };
}

export function scavengeScreen(world: ScavengeWorld, village: SandboxVillage): ScavengeScreen {
  const s = village.scavenge;
  const options = scavengeOptions.map(({ id }): ScavengeOptionState => {
    const squad = s.squads.get(id);
    if (squad) return { option: id, state: "out", until: squad.returnsAt, squad: { units: { ...squad.units }, haul: { ...squad.haul } } };
    const ready = s.unlocking.get(id);
    if (ready !== undefined) return { option: id, state: "unlocking", until: ready };
    return { option: id, state: s.unlocked.has(id) ? "free" : "locked", until: null };
  });
  return { villageId: village.id, options, exponent: world.exponent, initialSeconds: world.initialSeconds, durationFactor: world.durationFactor };
}

export type ScavengeRefusal = "requirements" | "busy" | "units" | "invalid";

/** Sends a squad (the units leave the village); a refusal names why. */
export function sendSquad(
  world: ScavengeWorld,
  village: SandboxVillage,
  option: ScavengeOptionId,
  counts: UnitCounts,
  now: number,
): { returnsAt: number; haul: Resources } | ScavengeRefusal {
  const rule = scavengeOptions[option - 1];
  if (!rule) return "invalid";
  const s = village.scavenge;
  if (!s.unlocked.has(option)) return "requirements";
  if (s.squads.has(option)) return "busy";
  const sent = Object.entries(counts).filter(([, n]) => (n ?? 0) > 0) as [Unit, number][];
  if (sent.length === 0 || sent.some(([u, n]) => !scavengeUnits.includes(u) || !Number.isInteger(n))) return "invalid";
  if (sent.some(([u, n]) => village.units[u] < n)) return "units";
  let capacity = 0;
  for (const [u, n] of sent) capacity += n * (world.carry[u] ?? 0);
  const { seconds, perResource } = scavengeOutcome(world, rule.lootFactor, capacity);
  for (const [u, n] of sent) village.units[u] -= n;
  const squad = { units: Object.fromEntries(sent) as UnitCounts, haul: { wood: perResource, stone: perResource, iron: perResource }, returnsAt: now + seconds * 1000 };
  s.squads.set(option, squad);
  return { returnsAt: squad.returnsAt, haul: { ...squad.haul } };
}

/** Starts an unlock: the option before it unlocked, none unlocking, the price paid by `pay`. */
export function startUnlock(
  village: SandboxVillage,
  option: ScavengeOptionId,
  now: number,
  economySpeed: number,
  pay: (cost: Resources) => boolean,
): { unlockedAt: number } | "requirements" | "resources" | "invalid" {
  const rule = scavengeOptions[option - 1];
  if (!rule) return "invalid";
  const s = village.scavenge;
  if (s.unlocked.has(option) || s.unlocking.size > 0) return "requirements";
  if (option > 1 && !s.unlocked.has((option - 1) as ScavengeOptionId)) return "requirements";
  if (!pay(rule.unlockCost)) return "resources";
  const unlockedAt = now + Math.round((rule.unlockSeconds * 1000) / economySpeed);
  s.unlocking.set(option, unlockedAt);
  return { unlockedAt };
}

/** The next return or unlock of the village (Infinity when none). */
export function nextScavengeEvent(village: SandboxVillage): number {
  let next = Infinity;
  for (const squad of village.scavenge.squads.values()) next = Math.min(next, squad.returnsAt);
  for (const at of village.scavenge.unlocking.values()) next = Math.min(next, at);
  return next;
}

/** Applies what happens at `at`: squads back home with their haul (capped at `cap`), unlocks done. */
export function applyScavengeEvents(village: SandboxVillage, at: number, cap: number): void {
  const s = village.scavenge;
  for (const [option, squad] of s.squads) {
    if (squad.returnsAt > at) continue;
    s.squads.delete(option);
    for (const [u, n] of Object.entries(squad.units) as [Unit, number][]) village.units[u] += n;
    for (const r of ["wood", "stone", "iron"] as const) village.resources[r] = Math.min(cap, village.resources[r] + squad.haul[r]);
  }
  for (const [option, ready] of s.unlocking) {
    if (ready > at) continue;
    s.unlocking.delete(option);
    s.unlocked.add(option);
  }
}

/** The units out scavenging (they still eat from the village's farm). */
export function scavengingUnits(village: SandboxVillage): UnitCounts[] {
  return [...village.scavenge.squads.values()].map((s) => s.units);
}
