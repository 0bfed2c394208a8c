// The order of the planned attacks on one target (issue 20): a noble that lands before the attacks
// that clear the village dies in its defence, so on every target the clearing attacks (attack, wall
// breaker) land first and the nobles follow as a train, NOBLE_TRAIN_SPACING_DEFAULT_MS apart, the first
// one that far after the last clearing attack. Fakes and supports keep their arrivals. A noble the
// window has no room for after the clearing attacks is dropped (the planner reports it unserved).
import { sendTime } from "../game/travel.js";
import { earliestArrival, randomArrival } from "./arrival-window.js";
import { NOBLE_TRAIN_SPACING_DEFAULT_MS } from "./execution.js";
import type { PlannedAttack } from "./planner.js";

export interface TargetOrderOptions {
  /** The instants nobles may arrive at (the window, minus the night bonus when it is avoided). */
  intervals: readonly number[];
  /** The earliest arrival the attack may have (window start, and now + lead + its travel). */
  lowerOf: (attack: PlannedAttack) => number;
  /** "random": the train starts at a random allowed instant after the clearing attacks; else as early as it can. */
  random: (() => number) | null;
  spacingMs?: number;
}

/** The intervals ending `room` ms before their last end. */
function capped(intervals: readonly number[], room: number): number[] {
  const last = (intervals[intervals.length - 1] ?? -Infinity) - room;
  const out: number[] = [];
  for (let i = 0; i < intervals.length; i += 2) {
    const start = intervals[i] as number;
    const end = Math.min(intervals[i + 1] as number, last);
    if (end >= start) out.push(start, end);
  }
  return out;
}

const isClearing = (attack: PlannedAttack) => attack.type === "attack" || attack.type === "wallbreaker";

/**
 * Moves the nobles of every target behind its clearing attacks, spaced as a train (in place: arrival
 * and send time); answers the nobles there was no room for, which the caller removes.
 */
export function orderNoblesAfterClearing(attacks: readonly PlannedAttack[], options: TargetOrderOptions): Set<PlannedAttack> {
  const spacing = options.spacingMs ?? NOBLE_TRAIN_SPACING_DEFAULT_MS;
  const byTarget = new Map<number, { clearingEnd: number; nobles: PlannedAttack[] }>();
  for (const attack of attacks) {
    const key = attack.to.x * 1000 + attack.to.y;
    let entry = byTarget.get(key);
    if (!entry) byTarget.set(key, (entry = { clearingEnd: -Infinity, nobles: [] }));
    if (isClearing(attack)) entry.clearingEnd = Math.max(entry.clearingEnd, attack.arrival);
    else if (attack.type === "conquer") entry.nobles.push(attack);
  }
  const dropped = new Set<PlannedAttack>();
  for (const { clearingEnd, nobles } of byTarget.values()) {
    if (nobles.length === 0) continue;
    // The train in the order the nobles can arrive (ties: the order they were planned in).
    const train = nobles.map((attack, i) => ({ attack, lower: options.lowerOf(attack), i })).sort((a, b) => a.lower - b.lower || a.i - b.i);
    let previous = clearingEnd;
    for (const [position, { attack, lower }] of train.entries()) {
      const wanted = Math.max(lower, previous + spacing);
      // A random plan draws where the train starts (leaving room for the whole train); the cars follow
      // at the spacing, as early as they can.
      const room = (train.length - 1 - position) * spacing;
      const drawn = position === 0 && options.random ? randomArrival(capped(options.intervals, room), wanted, options.random) : null;
      const arrival = drawn ?? earliestArrival(options.intervals, wanted);
      if (arrival === null) {
        dropped.add(attack);
        continue;
      }
      attack.arrival = arrival;
      attack.sendTime = sendTime(arrival, attack.travelSeconds);
      previous = arrival;
    }
  }
  return dropped;
}
