// The planner's working state (planner.ts has the rules and the API): per target and type the demand,
// what was planned and why the rest failed, and the candidate order per target.
// Work is bounded by reach: per type the farthest distance that can still arrive inside the window
// (from now) and the noble range. A village farther than that from every target is dead for the type
// before planning starts, and a search stops at the first village beyond it, so a window nobody can
// make costs one pass over the villages instead of one per target and type.
// The villages' troops, uses, dead flags and grids live in planner-villages.ts, the type plans, reach
// and reasons in planner-type-plan.ts, the noble trains in target-order.ts.
import { distance, sendTime, travelSeconds } from "../game/travel.js";
import { arrivalIntervals, earliestArrival, randomArrival } from "./arrival-window.js";
import { isSupportType, type AttackType } from "./attack.js";
import { seededRandom } from "../random.js";
import { deriveSeed, ShuffledStream } from "./candidates.js";
import { plannerMessages } from "./messages.js";
import type { PlannedAttack, PlannerAttacker, PlannerInput, PlannerTarget, UnservedDemand } from "./planner-types.js";
import { boostOf, commonReason, dropOutOfReach, LATE, NOBLE, REASONS, SAME, setReach, typePlan, USED, type TypePlan } from "./planner-type-plan.js";
import { PlannerVillages } from "./planner-villages.js";
import { planNobleTrains } from "./target-order.js";

/** The order in which types claim troops: nobles first, fakes take what is left. */
export const plannerTypeOrder: readonly AttackType[] = ["conquer", "attack", "wallbreaker", "support", "fake_support", "fake"];

const T = plannerTypeOrder.length;

export class PlannerRun {
  readonly attacks: PlannedAttack[] = [];
  private readonly n: number;
  private readonly m: number;
  private readonly plans: TypePlan[];
  private readonly demand: Int32Array;
  private readonly planned: Int32Array;
  /** Per target × type: nobles planned, then taken back because their train had no room for them (target-order.ts). */
  private readonly noRoom: Int32Array;
  /** The target × type slot each planned attack serves. */
  private readonly slotOf = new Map<PlannedAttack, number>();
  private readonly exhausted: Uint8Array;
  private readonly fails: Int32Array;
  private readonly villages: PlannerVillages;
  /** Per type × village: 0 alive, else the reason + 1 it can no longer send the type (planner-villages.ts). */
  private readonly dead: Uint8Array;
  private readonly alive: Int32Array;
  private readonly deadBy: Int32Array;
  /** Allowed arrivals of attacks: the window, minus the night bonus when it is avoided. */
  private readonly intervals: number[];
  /** Allowed arrivals of supports: the whole window (the night bonus protects defenders, it does not hinder support). */
  private readonly supportIntervals: number[];
  private readonly arrivalRandom: () => number;
  private readonly streams: (ShuffledStream | undefined)[];
  private readonly cursor: Int32Array;
  private readonly scratch: Int32Array;
  private readonly reachChecked: Uint8Array;
  /** With `onePerPlayer`: "slot:player" for every target × type slot a player already serves. */
  private readonly servedBy = new Set<string>();
  /** Village offers made (skips and tries): what planning cost, for tests of the bounds. */
  visits = 0;

  /** `bounded: false` turns the reach bounds off (tests compare both: the bounds must change nothing). */
  constructor(
    private readonly input: PlannerInput,
    private readonly bounded = true,
  ) {
    const { attackers, targets, window } = input;
    const n = (this.n = attackers.length);
    const m = (this.m = targets.length);
    this.plans = plannerTypeOrder.map((type) => typePlan(type, input)).map((p) => (bounded ? p : { ...p, range: Infinity }));
    this.demand = new Int32Array(m * T);
    targets.forEach((target, t) =>
      plannerTypeOrder.forEach((type, k) => {
        this.demand[t * T + k] = Math.max(0, Math.floor(target.counts?.[type] ?? input.counts?.[type] ?? 0));
      }),
    );
    this.planned = new Int32Array(m * T);
    this.noRoom = new Int32Array(m * T);
    this.exhausted = new Uint8Array(m * T);
    this.fails = new Int32Array(m * T * REASONS);
    // Marks what each village cannot send with its troops or uses; reach comes next, so a village
    // short of troops and out of reach counts as short of troops.
    const villages = (this.villages = new PlannerVillages(input, this.plans, bounded));
    this.dead = villages.dead;
    this.alive = villages.alive;
    this.deadBy = villages.deadBy;
    this.intervals = arrivalIntervals(window.from, window.to, input.avoidNightBonus ? input.night : null, input.timeZone);
    this.supportIntervals = arrivalIntervals(window.from, window.to, null, input.timeZone);
    const latest = (p: TypePlan) => this.latestArrival(p);
    if (bounded) setReach(this.plans, input, latest);
    if (bounded) this.visits += dropOutOfReach(this.plans, input, latest, (k, i, reason) => villages.kill(k, i, reason));
    const seed = input.seed ?? 1;
    this.arrivalRandom = seededRandom(deriveSeed(seed, -1));
    const random = input.algorithm === "random";
    this.streams = new Array(random ? m : 0);
    this.cursor = new Int32Array(random ? m * T : 0);
    this.scratch = new Int32Array(random ? n : 0);
    this.reachChecked = new Uint8Array(random ? m * T : 0);
  }

  /** Round r gives every target its (r+1)-th attack of each type, types in plannerTypeOrder. */
  run(): void {
    if (this.n === 0 || this.supportIntervals.length === 0) return;
    let rounds = 0;
    for (let tk = 0; tk < this.m * T; tk++) rounds = Math.max(rounds, this.demand[tk] as number);
    for (let r = 0; r < rounds; r++) {
      this.plans.forEach((p, k) => {
        if (p.error || this.intervalsOf(p).length === 0) return;
        for (let t = 0; t < this.m; t++) {
          const tk = t * T + k;
          if ((this.demand[tk] as number) <= r || this.exhausted[tk]) continue;
          if ((this.alive[k] as number) === 0) this.exhaust(tk, this.deadBy.subarray(k * REASONS, k * REASONS + REASONS));
          else if (this.input.algorithm === "random") this.serveRandom(t, k, p);
          else this.serveNearest(t, k, p);
        }
      });
    }
    this.orderTargets();
  }

  /** Each target's nobles as one train behind its clearing attacks (target-order.ts); a noble no train has room for is taken back. */
  private orderTargets(): void {
    const { input } = this;
    const dropped = planNobleTrains(this.attacks, {
      intervals: this.intervals,
      lowerOf: (a) => (input.now === undefined ? input.window.from : Math.max(input.window.from, input.now + (input.leadMs ?? 0) + a.travelSeconds * 1000)),
      random: input.algorithm === "random" ? this.arrivalRandom : null,
    });
    if (dropped.size === 0) return;
    for (const attack of dropped) {
      const tk = this.slotOf.get(attack) as number;
      this.planned[tk]!--;
      this.noRoom[tk]!++;
    }
    const kept = this.attacks.filter((attack) => !dropped.has(attack));
    this.attacks.splice(0, this.attacks.length, ...kept);
  }

  unserved(): UnservedDemand[] {
    const out: UnservedDemand[] = [];
    this.input.targets.forEach((target, t) => {
      this.plans.forEach((p, k) => {
        const tk = t * T + k;
        const requested = this.demand[tk] as number;
        const planned = this.planned[tk] as number;
        if (planned >= requested) return;
        const reason = (this.noRoom[tk] as number) > 0 ? plannerMessages.noRoomForNobles : this.reason(p, this.fails.subarray(tk * REASONS, tk * REASONS + REASONS));
        const villageId = target.villageId !== undefined ? { toVillageId: target.villageId } : {};
        out.push({ target: { ...target.coord }, ...villageId, type: p.type, requested, planned, reason });
      });
    });
    return out;
  }

  private reason(p: TypePlan, fails: Int32Array): string {
    if (p.error) return p.error;
    if (this.n === 0) return plannerMessages.noAttackers;
    if (this.intervalsOf(p).length === 0) return plannerMessages.nightOnly;
    return commonReason(fails, this.input.nobleMaxDistance);
  }

  /** The instants the type may arrive at. */
  private intervalsOf(p: TypePlan): number[] {
    return isSupportType(p.type) ? this.supportIntervals : this.intervals;
  }

  private exhaust(tk: number, reasons: Int32Array): void {
    this.exhausted[tk] = 1;
    this.fails.set(reasons, tk * REASONS);
  }

  /**
   * The nearest village still able to serve; a failed search has seen every village it had to (the rest
   * lie beyond reach or noble range), so its reasons are final.
   */
  private serveNearest(t: number, k: number, p: TypePlan): void {
    const reasons = new Int32Array(REASONS);
    const dead = this.dead;
    const offset = k * this.n;
    const targetCoord = (this.input.targets[t] as PlannerTarget).coord;
    let found = false;
    let offered = 0;
    const bounded = p.reach !== Infinity || p.range !== Infinity;
    const rebuilt = this.villages.nearest(
      k,
      targetCoord,
      (i) => {
        const d = dead[offset + i] as number;
        if (d !== 0) reasons[d - 1]!++;
        this.visits++;
        return d !== 0;
      },
      (i) => {
        this.visits++;
        const beyond = bounded ? this.beyond(i, targetCoord, p) : -1;
        if (beyond >= 0) {
          // Nearest first: every village not offered yet is at least as far.
          reasons[beyond]! += (this.alive[k] as number) - offered;
          return true;
        }
        offered++;
        const outcome = this.tryVillage(i, t, p);
        if (typeof outcome === "number") {
          reasons[outcome]!++;
          return false;
        }
        this.commit(i, t * T + k, outcome);
        found = true;
        return true;
      },
    );
    this.visits += rebuilt;
    if (!found) this.exhaust(t * T + k, reasons);
  }

  /** The target's shuffle from its cursor: a village that failed for this target and type fails for good. */
  private serveRandom(t: number, k: number, p: TypePlan): void {
    const tk = t * T + k;
    if (!this.reachable(t, k, p)) return;
    let stream = this.streams[t];
    if (!stream) {
      let wanted = 0;
      for (let j = 0; j < T; j++) wanted += this.demand[t * T + j] as number;
      stream = new ShuffledStream(this.n, Math.min(this.n, 2 * wanted + 16), deriveSeed(this.input.seed ?? 1, t), this.scratch);
      this.streams[t] = stream;
    }
    const offset = k * this.n;
    for (let pos = this.cursor[tk] as number; ; pos++) {
      const i = stream.at(pos);
      if (i < 0) {
        this.exhausted[tk] = 1;
        return;
      }
      this.visits++;
      const d = this.dead[offset + i] as number;
      const outcome = d !== 0 ? d - 1 : this.tryVillage(i, t, p);
      if (typeof outcome === "number") {
        this.fails[tk * REASONS + outcome]!++;
        continue;
      }
      this.commit(i, tk, outcome);
      this.cursor[tk] = pos;
      return;
    }
  }

  /** Why village i cannot send plan p to target t (target-dependent checks), or the attack. */
  private tryVillage(i: number, t: number, p: TypePlan): number | PlannedAttack {
    const { input } = this;
    const attacker = input.attackers[i] as PlannerAttacker;
    const target = input.targets[t] as PlannerTarget;
    if (attacker.coord.x === target.coord.x && attacker.coord.y === target.coord.y) return SAME;
    if (this.servesAlready(attacker, t * T + this.plans.indexOf(p))) return USED;
    const fields = distance(attacker.coord, target.coord);
    // Assumption: the game refuses a noble only beyond max_dist, so a distance equal to it
    // is allowed. DS Workbench disagrees with itself (Attack.canUseSnob: distance < range; its planners:
    // distance > range refused); an equal distance needs whole-number sides (3-4-5), so it is rare.
    if (p.noble && input.nobleMaxDistance !== undefined && fields > input.nobleMaxDistance) return NOBLE;
    const boost = boostOf(p.type, attacker, input);
    const travel = travelSeconds(fields, p.speed, boost);
    const lower = input.now === undefined ? input.window.from : Math.max(input.window.from, input.now + (input.leadMs ?? 0) + travel * 1000);
    const intervals = this.intervalsOf(p);
    const arrival = input.algorithm === "random" ? randomArrival(intervals, lower, this.arrivalRandom) : earliestArrival(intervals, lower);
    if (arrival === null) return LATE;
    return {
      from: { ...attacker.coord },
      to: { ...target.coord },
      type: p.type,
      units: { ...p.template },
      unit: p.unit,
      arrival,
      priority: p.priority,
      fromVillageId: attacker.id,
      ...(target.villageId !== undefined ? { toVillageId: target.villageId } : {}),
      travelSeconds: travel,
      sendTime: sendTime(arrival, travel),
    };
  }

  /** LATE or NOBLE when village i is beyond what type p can reach from target `to`, else -1. */
  private beyond(i: number, to: { x: number; y: number }, p: TypePlan): number {
    const fields = distance((this.input.attackers[i] as PlannerAttacker).coord, to);
    if (fields > p.range) return NOBLE;
    return fields > p.reach ? LATE : -1;
  }

  /**
   * "random" offers villages in a shuffle, so it cannot stop at the first one out of reach: it first asks
   * the grid for the nearest living village and gives the target up when even that one is beyond reach.
   */
  private reachable(t: number, k: number, p: TypePlan): boolean {
    if (p.reach === Infinity && p.range === Infinity) return true;
    const tk = t * T + k;
    // Asked once per target and type: later rounds walk the target's shuffle, which ends by itself.
    if (this.reachChecked[tk]) return true;
    this.reachChecked[tk] = 1;
    const offset = k * this.n;
    const to = (this.input.targets[t] as PlannerTarget).coord;
    let reason = -1;
    const rebuilt = this.villages.nearest(
      k,
      to,
      (i) => {
        this.visits++;
        return this.dead[offset + i] !== 0;
      },
      (i) => {
        this.visits++;
        reason = this.beyond(i, to, p);
        return true;
      },
    );
    this.visits += rebuilt;
    if (reason < 0) return true;
    const reasons = this.deadBy.slice(k * REASONS, k * REASONS + REASONS);
    reasons[reason]! += this.alive[k] as number;
    this.exhaust(tk, reasons);
    return false;
  }

  /** The type's last allowed arrival, or -Infinity. */
  private latestArrival(p: TypePlan): number {
    const intervals = this.intervalsOf(p);
    return intervals.length > 0 ? (intervals[intervals.length - 1] as number) : -Infinity;
  }

  private commit(i: number, tk: number, attack: PlannedAttack): void {
    this.villages.spend(i, this.plans[tk % T] as TypePlan);
    this.attacks.push(attack);
    this.slotOf.set(attack, tk);
    const { player } = this.input.attackers[i] as PlannerAttacker;
    if (this.input.onePerPlayer && player !== undefined) this.servedBy.add(`${tk}:${player}`);
    this.planned[tk]!++;
  }

  /** With `onePerPlayer`: the attacker's player already sends to this target × type slot. */
  private servesAlready(attacker: PlannerAttacker, tk: number): boolean {
    return this.input.onePerPlayer === true && attacker.player !== undefined && this.servedBy.has(`${tk}:${attacker.player}`);
  }
}
