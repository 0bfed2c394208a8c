// Raubzug (scavenging): the game's four options, how long a squad is out and what it brings home, and
// the optimiser that splits a village's units over the unlocked options (docs/GAME-RULES.md, "Raubzug").
//
// A squad of carry capacity C on an option with loot factor f brings home f·C resources, a third of each
// kind, and is out for ((100·(f·C)²)^e + s)·d seconds: e the duration exponent, s the initial seconds, d
// the world's duration factor. These are the fields `loot_factor`, `duration_exponent`,
// `duration_initial_seconds` and `duration_factor` of each option in the game's scavenging screen
// (`ScavengeScreen.village.options[n].base`), which the public scavenging calculators read.
//
// Written with the haul h = f·C, the duration d·((10h)^{2e} + s) is the same function of h for every
// option; an option only decides how much capacity a haul costs (h / f). So "per run within T" fills
// the options with the highest loot factor first up to the haul that still returns within T, and "per
// hour" — a sum of concave rates h / duration(h) under one capacity budget — has its optimum where
// every option's marginal rate equals λ/f: a quadratic in (10h)^{2e}, solved in closed form, with λ
// found by bisection. Units are then dealt out to match those capacities and improved one unit at a
// time, so no single unit moved between options (or home) does better.
import type { Unit, UnitCounts } from "../units.js";

export type ScavengeOptionId = 1 | 2 | 3 | 4;

export interface ScavengeOptionRule {
  id: ScavengeOptionId;
  /** The game's German name. */
  name: string;
  lootFactor: number;
  /**
   * Assumption: the unlock costs and times as the public scavenging tools and game clones list them
   * (the game shows them on its scavenging screen; no official table was at hand).
   */
  unlockCost: { wood: number; stone: number; iron: number };
  unlockSeconds: number;
}

export const scavengeOptions: readonly ScavengeOptionRule[] = [
  { id: 1, name: "Faule Sammler", lootFactor: 0.1, unlockCost: { wood: 25, stone: 30, iron: 25 }, unlockSeconds: 30 },
  { id: 2, name: "Bescheidene Sammler", lootFactor: 0.25, unlockCost: { wood: 250, stone: 300, iron: 250 }, unlockSeconds: 3_600 },
  { id: 3, name: "Kluge Sammler", lootFactor: 0.5, unlockCost: { wood: 1_000, stone: 1_200, iron: 1_000 }, unlockSeconds: 10_800 },
  { id: 4, name: "Tolle Sammler", lootFactor: 0.75, unlockCost: { wood: 10_000, stone: 12_000, iron: 10_000 }, unlockSeconds: 21_600 },
];

/** The units that may scavenge and what each carries unless the world's unit info says otherwise. */
export const scavengeCarry: Readonly<Partial<Record<Unit, number>>> = {
  spear: 25,
  sword: 15,
  axe: 10,
  archer: 10,
  light: 80,
  marcher: 50,
  heavy: 50,
  knight: 100,
};
export const scavengeUnits = Object.keys(scavengeCarry) as Unit[];

/** The duration constants of a world. */
export interface ScavengeWorld {
  exponent: number;
  initialSeconds: number;
  durationFactor: number;
  /** Carry per scavenging unit (the world's unit info where known). */
  carry: Readonly<Partial<Record<Unit, number>>>;
}

export const SCAVENGE_DURATION_EXPONENT = 0.45;
export const SCAVENGE_INITIAL_SECONDS = 1_800;

/**
 * The world's constants. Assumption: the duration factor is the world speed to the power −0.55 (1 on a
 * speed-1 world), as the public calculators derive it where the screen is not at hand.
 */
export function scavengeWorld(speed: number, carry: Partial<Record<Unit, number>> = {}): ScavengeWorld {
  const merged: Partial<Record<Unit, number>> = {};
  for (const unit of scavengeUnits) merged[unit] = carry[unit] ?? scavengeCarry[unit];
  return { exponent: SCAVENGE_DURATION_EXPONENT, initialSeconds: SCAVENGE_INITIAL_SECONDS, durationFactor: Math.pow(speed, -0.55), carry: merged };
}

/** Seconds a squad of this carry capacity is out on the option (there and back). */
export function scavengeSeconds(world: ScavengeWorld, lootFactor: number, capacity: number): number {
  const haul = lootFactor * capacity;
  return (Math.pow(100 * haul * haul, world.exponent) + world.initialSeconds) * world.durationFactor;
}

/** The largest capacity that returns within `seconds` on the option (0 when none does). */
export function scavengeCapacityWithin(world: ScavengeWorld, lootFactor: number, seconds: number): number {
  const room = seconds / world.durationFactor - world.initialSeconds;
  if (room <= 0) return 0;
  return Math.sqrt(Math.pow(room, 1 / world.exponent) / 100) / lootFactor;
}

/**
 * What the game makes of a squad: whole seconds out and whole resources of each kind (the haul's third,
 * rounded down). The sandbox plays by it and the module expects it.
 */
export function scavengeOutcome(world: ScavengeWorld, lootFactor: number, capacity: number): { seconds: number; perResource: number } {
  return { seconds: Math.round(scavengeSeconds(world, lootFactor, capacity)), perResource: Math.floor((lootFactor * capacity) / 3) };
}

export function carryOf(world: ScavengeWorld, units: UnitCounts): number {
  let total = 0;
  for (const unit of scavengeUnits) total += (units[unit] ?? 0) * (world.carry[unit] ?? 0);
  return total;
}

export type ScavengeMeasure = "hour" | "run";

export interface ScavengeRequest {
  /** The units that may go (after what stays home and what timed sends need). */
  units: UnitCounts;
  /** The options free to send on (unlocked, no squad out). */
  options: readonly ScavengeOptionId[];
  measure: ScavengeMeasure;
  /** Every squad back within this many seconds; none: no limit ("per run" needs one). */
  maxSeconds?: number;
}

export interface ScavengeSquad {
  option: ScavengeOptionId;
  units: UnitCounts;
  capacity: number;
  /** Resources it brings home: in all, and a third of each kind. */
  haul: number;
  perResource: number;
  seconds: number;
}

export interface ScavengePlan {
  squads: ScavengeSquad[];
  /** Resources per hour while every squad keeps going again on its return. */
  perHour: number;
  /** Resources of one run of every squad. */
  perRun: number;
}

const ruleOf = (id: ScavengeOptionId) => scavengeOptions[id - 1] as ScavengeOptionRule;

/** The chosen measure of these squads' capacities (options in `ids` order). */
export function scavengeMeasure(world: ScavengeWorld, ids: readonly ScavengeOptionId[], capacities: readonly number[], measure: ScavengeMeasure): number {
  let total = 0;
  ids.forEach((id, i) => {
    const capacity = capacities[i] ?? 0;
    if (capacity <= 0) return;
    const f = ruleOf(id).lootFactor;
    total += measure === "run" ? f * capacity : (f * capacity * 3_600) / scavengeSeconds(world, f, capacity);
  });
  return total;
}

/** The haul where the option's marginal rate is λ/f: the root of a quadratic in v = (10h)^{2e}. */
function haulAtMargin(world: ScavengeWorld, f: number, lambda: number): number {
  const { exponent: e, initialSeconds: s, durationFactor: d } = world;
  const k = (lambda * d) / f;
  // The rate's slope at h = 0 is 1/(d·s): below λ/f the option stays empty.
  if (k * s >= 1) return 0;
  const b = 1 - 2 * e;
  const p = 2 * k * s - b;
  const q = k * s * s - s;
  const v = (-p + Math.sqrt(p * p - 4 * k * q)) / (2 * k);
  return Math.pow(v, 1 / (2 * e)) / 10;
}

/** Continuous capacities per option (in `ids` order) that maximise the measure for a total carry. */
function targetCapacities(world: ScavengeWorld, ids: readonly ScavengeOptionId[], total: number, measure: ScavengeMeasure, caps: readonly number[]): number[] {
  const factors = ids.map((id) => ruleOf(id).lootFactor);
  if (measure === "run") {
    let left = total;
    const order = ids.map((_, i) => i).sort((a, b) => (factors[b] as number) - (factors[a] as number));
    const out = ids.map(() => 0);
    for (const i of order) {
      out[i] = Math.min(caps[i] as number, left);
      left -= out[i] as number;
    }
    return out;
  }
  const capAt = (i: number, lambda: number) => Math.min(haulAtMargin(world, factors[i] as number, lambda) / (factors[i] as number), caps[i] as number);
  const sumAt = (lambda: number) => {
    let sum = 0;
    for (let i = 0; i < factors.length; i++) sum += capAt(i, lambda);
    return sum;
  };
  // Everything fits under the caps: the caps are the answer.
  if (caps.reduce((a, c) => a + c, 0) <= total) return [...caps];
  // λ where the capacities add up to the total (within half a unit of carry: whole units follow): the
  // sum falls as λ rises; bracketed by steps of 16, then regula falsi (Illinois).
  let high = Math.max(...factors) / (world.durationFactor * world.initialSeconds);
  let low = high / 16;
  while (sumAt(low) <= total) {
    high = low;
    low /= 16;
  }
  let gLow = sumAt(low) - total;
  let gHigh = sumAt(high) - total;
  let side = 0;
  for (let i = 0; i < 200; i++) {
    const mid = (low * gHigh - high * gLow) / (gHigh - gLow);
    const g = sumAt(mid) - total;
    if (Math.abs(g) < 0.5 || high - low <= high * 1e-15) {
      high = mid;
      break;
    }
    if (g > 0) {
      low = mid;
      gLow = g;
      if (side === -1) gHigh /= 2;
      side = -1;
    } else {
      high = mid;
      gHigh = g;
      if (side === 1) gLow /= 2;
      side = 1;
    }
  }
  return factors.map((_, i) => capAt(i, high));
}

/** A split being worked on: per option, how many units of each kind (the kinds by index). */
interface Split {
  carries: number[];
  squads: number[][];
  /** Per kind, how many stay home. */
  home: number[];
  capacities: number[];
}

/**
 * Deals the units out to match the target capacities (whole units), the largest carriers first; a unit
 * left over goes where the most room is left, if that squad still returns in time (`caps`).
 */
function dealUnits(carries: readonly number[], counts: readonly number[], targets: readonly number[], caps: readonly number[]): Split {
  const squads = targets.map(() => carries.map(() => 0));
  const room = [...targets];
  const capacities = targets.map(() => 0);
  const home = [...counts];
  const order = carries.map((_, k) => k).sort((a, b) => (carries[b] as number) - (carries[a] as number));
  for (const k of order) {
    const carry = carries[k] as number;
    for (let i = 0; i < squads.length && (home[k] as number) > 0; i++) {
      const n = Math.min(home[k] as number, Math.floor((room[i] as number) / carry + 1e-9));
      if (n <= 0) continue;
      (squads[i] as number[])[k] = ((squads[i] as number[])[k] as number) + n;
      room[i] = (room[i] as number) - n * carry;
      capacities[i] = (capacities[i] as number) + n * carry;
      home[k] = (home[k] as number) - n;
    }
    while ((home[k] as number) > 0) {
      let best = -1;
      for (let i = 0; i < squads.length; i++) {
        if ((capacities[i] as number) + carry > (caps[i] as number)) continue;
        if (best < 0 || (room[i] as number) > (room[best] as number)) best = i;
      }
      if (best < 0 || (room[best] as number) + carry / 2 <= 0) break;
      (squads[best] as number[])[k] = ((squads[best] as number[])[k] as number) + 1;
      room[best] = (room[best] as number) - carry;
      capacities[best] = (capacities[best] as number) + carry;
      home[k] = (home[k] as number) - 1;
    }
  }
  return { carries: [...carries], squads, home, capacities };
}

/**
 * Improves the split one unit at a time: a unit of any kind moves between two options, or between an
 * option and home, wherever that raises the measure and keeps every squad within its capacity for the
 * time limit; until no such move is left.
 */
function improve(world: ScavengeWorld, factors: readonly number[], split: Split, caps: readonly number[], measure: ScavengeMeasure): void {
  const { carries, squads, home, capacities } = split;
  const value = (i: number, capacity: number) => {
    const f = factors[i] as number;
    return capacity <= 0 ? 0 : measure === "run" ? f * capacity : (f * capacity * 3_600) / scavengeSeconds(world, f, capacity);
  };
  const places = squads.length + 1;
  const lost = new Float64Array(places);
  const won = new Float64Array(places);
  const base = new Float64Array(squads.length);
  for (let round = 0; round < 10_000; round++) {
    let top = 1;
    for (let i = 0; i < squads.length; i++) {
      base[i] = value(i, capacities[i] as number);
      top = Math.max(top, base[i] as number);
    }
    let best = 1e-9 * top;
    let kind = -1;
    let source = 0;
    let target = 0;
    for (let k = 0; k < carries.length; k++) {
      const carry = carries[k] as number;
      // What one unit of this kind is worth leaving each place (slot 0: home), and arriving at each.
      lost[0] = (home[k] as number) > 0 ? 0 : Infinity;
      won[0] = 0;
      for (let i = 0; i < squads.length; i++) {
        const capacity = capacities[i] as number;
        lost[i + 1] = ((squads[i] as number[])[k] as number) > 0 ? (base[i] as number) - value(i, capacity - carry) : Infinity;
        won[i + 1] = capacity + carry > (caps[i] as number) ? -Infinity : value(i, capacity + carry) - (base[i] as number);
      }
      for (let from = 0; from < places; from++) {
        for (let to = 0; to < places; to++) {
          const gain = (won[to] as number) - (lost[from] as number);
          if (to !== from && gain > best) {
            best = gain;
            kind = k;
            source = from;
            target = to;
          }
        }
      }
    }
    if (kind < 0) return;
    const carry = carries[kind] as number;
    if (source === 0) home[kind] = (home[kind] as number) - 1;
    else {
      (squads[source - 1] as number[])[kind] = ((squads[source - 1] as number[])[kind] as number) - 1;
      capacities[source - 1] = (capacities[source - 1] as number) - carry;
    }
    if (target === 0) home[kind] = (home[kind] as number) + 1;
    else {
      (squads[target - 1] as number[])[kind] = ((squads[target - 1] as number[])[kind] as number) + 1;
      capacities[target - 1] = (capacities[target - 1] as number) + carry;
    }
  }
}

/** The split of the units over the free options that maximises the measure. */
export function planScavenge(world: ScavengeWorld, request: ScavengeRequest): ScavengePlan {
  const ids = [...new Set(request.options)].sort((a, b) => a - b);
  const kinds: Unit[] = [];
  const counts: number[] = [];
  const carries: number[] = [];
  let total = 0;
  for (const unit of scavengeUnits) {
    const n = Math.max(0, Math.floor(request.units[unit] ?? 0));
    const carry = world.carry[unit] ?? 0;
    if (n <= 0 || carry <= 0) continue;
    kinds.push(unit);
    counts.push(n);
    carries.push(carry);
    total += n * carry;
  }
  if (ids.length === 0 || total <= 0) return { squads: [], perHour: 0, perRun: 0 };
  const factors = ids.map((id) => ruleOf(id).lootFactor);
  const caps = factors.map((f) => (request.maxSeconds === undefined ? Infinity : scavengeCapacityWithin(world, f, request.maxSeconds)));
  const split = dealUnits(carries, counts, targetCapacities(world, ids, total, request.measure, caps), caps);
  improve(world, factors, split, caps, request.measure);
  const planned: ScavengeSquad[] = [];
  ids.forEach((id, i) => {
    const capacity = split.capacities[i] as number;
    if (capacity <= 0) return;
    const f = factors[i] as number;
    const units: UnitCounts = {};
    kinds.forEach((unit, k) => {
      const n = (split.squads[i] as number[])[k] as number;
      if (n > 0) units[unit] = n;
    });
    planned.push({ option: id, units, capacity, haul: f * capacity, perResource: (f * capacity) / 3, seconds: scavengeSeconds(world, f, capacity) });
  });
  return {
    squads: planned,
    perHour: planned.reduce((sum, s) => sum + (s.haul * 3_600) / s.seconds, 0),
    perRun: planned.reduce((sum, s) => sum + s.haul, 0),
  };
}
