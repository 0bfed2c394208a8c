// The order of the planned attacks on one target: its nobles land as ONE closed train behind its
// clearing attacks (attack, wall breaker), the shape of the attack form's "Adelszug" (`trainArrivals`
// in attack.ts). A noble that lands before the clearing attacks dies in the village's defence, and
// nobles that land apart give the defender time to act between them, so the train is planned as a unit:
//
// - The train starts at an instant T: noble i of n lands at T + i × gap (gap: the spacing,
//   NOBLE_TRAIN_SPACING_DEFAULT_MS unless given), so its span is exactly (n − 1) × gap.
// - Noble i must make T + i × gap from its village (its lower bound: window start, and now + lead +
//   its travel). All nobles are alike, so they take their places by lower bound (the far village's
//   noble last), which gives the smallest T any order could.
// - Every clearing attack of the target lands at T − gap, one gap before the first noble (as the form's
//   clearing attack does). It may move later or earlier than where it was planned alone, but never
//   before its own lower bound: T − gap ≥ every clearing attack's lower bound.
// - The whole block [T − gap (or T without clearing attacks), T + (n − 1) × gap] lies in ONE allowed
//   interval (the window, minus the night bonus when it is avoided): no car in the night, none after
//   the window's end. The gaps between allowed intervals are whole night-bonus hours, far longer than
//   any train, so one interval loses nothing.
// - "nearest" takes the earliest such T, "random" a seeded random one (uniform over the allowed starts).
// - When no T exists, the train is shortened: the nobles with the latest lower bounds are dropped until
//   the rest fit (none left: the whole train). The caller reports the dropped nobles unserved; the
//   clearing attacks of a target without a train keep their own arrivals.
//
// Fakes and supports keep their arrivals. Per target the work is O(nobles × intervals).
import { sendTime } from "../game/travel.js";
import { randomArrival } from "./arrival-window.js";
import { NOBLE_TRAIN_SPACING_DEFAULT_MS } from "./execution.js";
import type { PlannedAttack } from "./planner-types.js";

export interface TargetOrderOptions {
  /** The instants attacks may arrive at (the window, minus the night bonus when it is avoided). */
  intervals: readonly number[];
  /** The earliest arrival the attack may have (window start, and now + lead + its travel). */
  lowerOf: (attack: PlannedAttack) => number;
  /** "random": the train starts at a random allowed instant; else as early as it can. */
  random: (() => number) | null;
  spacingMs?: number;
}

/**
 * The start T of a train whose block [T − before, T + span] lies in one interval, T ≥ `lower`: the
 * earliest, or with `random` a uniformly drawn one; null when there is none. O(intervals).
 */
export function trainStart(intervals: readonly number[], lower: number, before: number, span: number, random: (() => number) | null): number | null {
  const starts: number[] = [];
  for (let i = 0; i < intervals.length; i += 2) {
    const first = Math.max((intervals[i] as number) + before, lower);
    const last = (intervals[i + 1] as number) - span;
    if (first > last) continue;
    if (!random) return first;
    starts.push(first, last);
  }
  return random ? randomArrival(starts, lower, random) : null;
}

const isClearing = (attack: PlannedAttack) => attack.type === "attack" || attack.type === "wallbreaker";

const land = (attack: PlannedAttack, arrival: number) => {
  attack.arrival = arrival;
  attack.sendTime = sendTime(arrival, attack.travelSeconds);
};

/**
 * Plans every target's nobles as one train behind its clearing attacks (in place: arrival and send
 * time of nobles and clearing attacks); answers the nobles no train had room for, which the caller removes.
 */
export function planNobleTrains(attacks: readonly PlannedAttack[], options: TargetOrderOptions): Set<PlannedAttack> {
  const gap = options.spacingMs ?? NOBLE_TRAIN_SPACING_DEFAULT_MS;
  const byTarget = new Map<number, { clearing: PlannedAttack[]; nobles: PlannedAttack[] }>();
  for (const attack of attacks) {
    const key = attack.to.x * 1000 + attack.to.y;
    let entry = byTarget.get(key);
    if (!entry) byTarget.set(key, (entry = { clearing: [], nobles: [] }));
    if (isClearing(attack)) entry.clearing.push(attack);
    else if (attack.type === "conquer") entry.nobles.push(attack);
  }
  const dropped = new Set<PlannedAttack>();
  for (const { clearing, nobles } of byTarget.values()) {
    if (nobles.length === 0) continue;
    // Assumption: the nobles of a train are interchangeable (the game lowers the loyalty by each noble
    // alike), so they take their places by lower bound; ties keep the order they were planned in.
    const train = nobles.map((attack, i) => ({ attack, lower: options.lowerOf(attack), i })).sort((a, b) => a.lower - b.lower || a.i - b.i);
    const before = clearing.length > 0 ? gap : 0;
    let bound = -Infinity;
    for (const attack of clearing) bound = Math.max(bound, options.lowerOf(attack) + gap);
    // bounds[k - 1]: the earliest start the first k cars allow (car i lands at T + i × gap ≥ its lower bound).
    const bounds = train.map(({ lower }, i) => (bound = Math.max(bound, lower - i * gap)));
    const startOf = (cars: number) => trainStart(options.intervals, bounds[cars - 1] as number, before, (cars - 1) * gap, options.random);
    // Assumption: a train that does not fit whole is shortened rather than dropped (a shorter train can
    // still take a village whose loyalty is already low), as the planner plans fewer attacks than wanted
    // when troops run out; the farthest nobles go first, since they hold the train back.
    let cars = train.length;
    let start = startOf(cars);
    while (start === null && --cars > 0) start = startOf(cars);
    if (start === null) {
      for (const { attack } of train) dropped.add(attack);
      continue;
    }
    const first = start;
    train.forEach(({ attack }, i) => (i < cars ? land(attack, first + i * gap) : dropped.add(attack)));
    // Assumption: the clearing attacks belong right before the train (as in the form's train), not as
    // early as they could land: a village cleared long before its nobles arrive can be supported again.
    for (const attack of clearing) land(attack, first - gap);
  }
  return dropped;
}
