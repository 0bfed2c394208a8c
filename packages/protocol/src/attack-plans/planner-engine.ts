// The planner's working state (planner.ts has the rules and the API): troops and uses in typed arrays,
// per type a "dead" flag for every village that can no longer send that type to any target (troops only
// shrink and uses only grow, so a dead village stays dead), and the candidate order per target.
// Work is bounded by reach: per type the farthest distance that can still arrive inside the window
// (from now) and the noble range. A village farther than that from every target is dead for the type
// before planning starts, and a search stops at the first village beyond it, so a window nobody can
// make costs one pass over the villages instead of one per target and type. And once half of a type's
// villages are dead, its grid is rebuilt from the living ones, so searches do not wade through the dead.
import { distance, sendTime, slowestUnit, travelSeconds, unitSpeedMinutes } from "../game/travel.js";
import { units, type Unit, type UnitCounts } from "../units.js";
import { arrivalIntervals, earliestArrival, randomArrival } from "./arrival-window.js";
import { attackTypeLabels, compactUnits, isSupportType, ATTACK_PRIORITY_DEFAULT, type AttackType } from "./attack.js";
import { seededRandom } from "../random.js";
import { deriveSeed, ShuffledStream, VillageGrid } from "./candidates.js";
import { plannerMessages } from "./messages.js";
import type { PlannedAttack, PlannerAttacker, PlannerInput, PlannerTarget, UnservedDemand } from "./planner.js";
import { orderNoblesAfterClearing } from "./target-order.js";

/** The order in which types claim troops: nobles first, fakes take what is left. */
export const plannerTypeOrder: readonly AttackType[] = ["conquer", "attack", "wallbreaker", "support", "fake_support", "fake"];

const T = plannerTypeOrder.length;
const U = units.length;
// Why a village could not serve a target and type; counted to name the most common reason.
const SAME = 0;
const NOBLE = 1;
const TROOPS = 2;
const USED = 3;
const LATE = 4;
const UNKNOWN = 5;
const REASONS = 6;

interface TypePlan {
  type: AttackType;
  template: UnitCounts;
  /** Unit indices and counts of the template, for the troop check. */
  need: [number, number][];
  unit: Unit;
  speed: number;
  noble: boolean;
  priority: number;
  /** Why the type cannot be planned at all (no template, unit not on the world). */
  error: string | null;
  /** Farthest distance (fields, generous by a second) any village can still arrive from; Infinity without `now`. */
  reach: number;
  /** The noble range for noble templates, else Infinity. */
  range: number;
}

function typePlan(type: AttackType, input: PlannerInput): TypePlan {
  const template = compactUnits(input.templates[type] ?? {});
  const need = units.flatMap((unit, u): [number, number][] => ((template[unit] ?? 0) > 0 ? [[u, template[unit] as number]] : []));
  const priority = input.priorities?.[type] ?? ATTACK_PRIORITY_DEFAULT;
  const noble = (template.snob ?? 0) > 0;
  const range = noble && input.nobleMaxDistance !== undefined ? input.nobleMaxDistance : Infinity;
  const plan = { type, template, need, unit: "spear" as Unit, speed: 1, noble, priority, reach: Infinity, range };
  try {
    const unit = slowestUnit(template, input.unitInfo);
    if (!unit) return { ...plan, error: plannerMessages.noTemplate(attackTypeLabels[type]) };
    return { ...plan, unit, speed: unitSpeedMinutes(input.unitInfo, unit), error: null };
  } catch (error) {
    return { ...plan, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The boost a village's support walks with (0 for attacks). */
function boostOf(type: AttackType, attacker: PlannerAttacker, input: PlannerInput): number {
  return isSupportType(type) ? (attacker.supportBoost ?? input.supportBoost ?? 0) : 0;
}

/**
 * Farthest distance a unit of `speed` minutes per field walking with `boost` may have to reach an
 * arrival ≤ `latest` when it leaves at `earliestSend` or later: travel rounds to whole seconds, so one
 * second of slack keeps this an upper bound (the exact check is `tryVillage`'s).
 */
export function reachFields(latest: number, earliestSend: number, speed: number, boost: number): number {
  const seconds = (latest - earliestSend) / 1000;
  if (!(seconds >= 0)) return -1;
  return ((seconds + 1) * (1 + boost)) / (speed * 60);
}

export class PlannerRun {
  readonly attacks: PlannedAttack[] = [];
  private readonly n: number;
  private readonly m: number;
  private readonly plans: TypePlan[];
  private readonly demand: Int32Array;
  private readonly planned: Int32Array;
  /** Per target × type: nobles planned, then taken back for want of room behind the clearing attacks. */
  private readonly noRoom: Int32Array;
  /** The target × type slot each planned attack serves. */
  private readonly slotOf = new Map<PlannedAttack, number>();
  private readonly exhausted: Uint8Array;
  private readonly fails: Int32Array;
  private readonly troops: Int32Array;
  private readonly known: Uint8Array;
  private readonly uses: Int32Array;
  private readonly maxUses: number;
  /** Per type × village: 0 alive, else the reason + 1 it can no longer send the type. */
  private readonly dead: Uint8Array;
  private readonly alive: Int32Array;
  private readonly deadBy: Int32Array;
  /** Allowed arrivals of attacks: the window, minus the night bonus when it is avoided. */
  private readonly intervals: number[];
  /** Allowed arrivals of supports: the whole window (the night bonus protects defenders, it does not hinder support). */
  private readonly supportIntervals: number[];
  private readonly arrivalRandom: () => number;
  /** Per type: a grid of the villages alive when it was built (`ids` maps its indices back; null = all). */
  private readonly grids: { grid: VillageGrid; ids: Int32Array | null; alive: number }[];
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
    this.troops = new Int32Array(n * U);
    this.known = new Uint8Array(n);
    attackers.forEach((a, i) => {
      if (!a.troops) return;
      this.known[i] = 1;
      units.forEach((unit, u) => (this.troops[i * U + u] = Math.max(0, Math.floor(a.troops?.[unit] ?? 0))));
    });
    this.uses = new Int32Array(n);
    this.maxUses = input.maxAttacksPerUnknownVillage ?? 1;
    this.dead = new Uint8Array(T * n);
    this.alive = new Int32Array(T).fill(n);
    this.deadBy = new Int32Array(T * REASONS);
    this.intervals = arrivalIntervals(window.from, window.to, input.avoidNightBonus ? input.night : null, input.timeZone);
    this.supportIntervals = arrivalIntervals(window.from, window.to, null, input.timeZone);
    if (bounded) this.setReach();
    for (let i = 0; i < n; i++) this.updateDead(i);
    if (bounded) this.dropOutOfReach();
    const seed = input.seed ?? 1;
    this.arrivalRandom = seededRandom(deriveSeed(seed, -1));
    const random = input.algorithm === "random";
    const grid = new VillageGrid(Int32Array.from(attackers, (a) => a.coord.x), Int32Array.from(attackers, (a) => a.coord.y));
    this.grids = plannerTypeOrder.map(() => ({ grid, ids: null, alive: n }));
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

  /** Each target's nobles behind its clearing attacks (target-order.ts); a noble with no room left is taken back. */
  private orderTargets(): void {
    const { input } = this;
    const dropped = orderNoblesAfterClearing(this.attacks, {
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
    let best = TROOPS;
    for (let r = 0; r < REASONS; r++) if ((fails[r] as number) > (fails[best] as number)) best = r;
    // On a tie, the reason the user can act on: allow nobles from villages without a scan.
    if ((fails[UNKNOWN] as number) > 0 && (fails[UNKNOWN] as number) >= (fails[best] as number)) best = UNKNOWN;
    if (best === SAME) return plannerMessages.sameVillage;
    if (best === NOBLE) return plannerMessages.nobleRange(this.input.nobleMaxDistance ?? 0);
    if (best === USED) return plannerMessages.used;
    if (best === LATE) return plannerMessages.late;
    if (best === UNKNOWN) return plannerMessages.unknownTroops;
    return plannerMessages.troops;
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
    this.nearest(
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
    // Assumption (issue 20 item 6): the game refuses a noble only beyond max_dist, so a distance equal to it
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

  /** The type's grid search (villages by index); rebuilds the grid from the living when half of it died. */
  private nearest(k: number, to: { x: number; y: number }, skip: (i: number) => boolean, visit: (i: number) => boolean): void {
    let entry = this.grids[k] as { grid: VillageGrid; ids: Int32Array | null; alive: number };
    const alive = this.alive[k] as number;
    if (this.bounded && alive >= 32 && alive * 2 < entry.alive) {
      const ids = new Int32Array(alive);
      let j = 0;
      for (let i = 0; i < this.n; i++) if (this.dead[k * this.n + i] === 0) ids[j++] = i;
      const { attackers } = this.input;
      const grid = new VillageGrid(Int32Array.from(ids, (i) => (attackers[i] as PlannerAttacker).coord.x), Int32Array.from(ids, (i) => (attackers[i] as PlannerAttacker).coord.y));
      entry = this.grids[k] = { grid, ids, alive };
      this.visits += this.n;
    }
    const { grid, ids } = entry;
    if (!ids) return grid.nearest(to, skip, visit);
    grid.nearest(
      to,
      (j) => skip(ids[j] as number),
      (j) => visit(ids[j] as number),
    );
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
    this.nearest(
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
    if (reason < 0) return true;
    const reasons = this.deadBy.slice(k * REASONS, k * REASONS + REASONS);
    reasons[reason]! += this.alive[k] as number;
    this.exhaust(tk, reasons);
    return false;
  }

  /** Each type's reach: how far a village may be from a target and still arrive in the window (from now). */
  private setReach(): void {
    const { input } = this;
    if (input.now === undefined) return;
    const earliestSend = input.now + (input.leadMs ?? 0);
    for (const p of this.plans) {
      if (p.error) continue;
      const latest = this.latestArrival(p);
      let boost = 0;
      for (const a of input.attackers) boost = Math.max(boost, boostOf(p.type, a, input));
      p.reach = reachFields(latest, earliestSend, p.speed, boost);
    }
  }

  /**
   * Marks villages dead for a type when every target lies beyond its reach (or noble range) from them,
   * measured to the targets' bounding box: a lower bound of the nearest target's distance, enough for a
   * window nobody can make (reach < 0) and for villages far from all targets, at O(1) per village.
   */
  private dropOutOfReach(): void {
    const { input } = this;
    const limited = this.plans.some((p) => !p.error && (p.reach !== Infinity || p.range !== Infinity));
    if (!limited || this.m === 0) return;
    const earliestSend = (input.now ?? 0) + (input.leadMs ?? 0);
    let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const { coord } of input.targets) {
      [x0, x1, y0, y1] = [Math.min(x0, coord.x), Math.max(x1, coord.x), Math.min(y0, coord.y), Math.max(y1, coord.y)];
    }
    input.attackers.forEach((attacker, i) => {
      const dx = Math.max(x0 - attacker.coord.x, 0, attacker.coord.x - x1);
      const dy = Math.max(y0 - attacker.coord.y, 0, attacker.coord.y - y1);
      const nearest = Math.sqrt(dx * dx + dy * dy);
      this.visits++;
      this.plans.forEach((p, k) => {
        if (p.error) return;
        const own = input.now === undefined ? Infinity : reachFields(this.latestArrival(p), earliestSend, p.speed, boostOf(p.type, attacker, input));
        if (nearest > p.range) this.kill(k, i, NOBLE);
        else if (nearest > own) this.kill(k, i, LATE);
      });
    });
  }

  /** The type's last allowed arrival, or -Infinity. */
  private latestArrival(p: TypePlan): number {
    const intervals = this.intervalsOf(p);
    return intervals.length > 0 ? (intervals[intervals.length - 1] as number) : -Infinity;
  }

  private kill(k: number, i: number, reason: number): void {
    const at = k * this.n + i;
    if (this.dead[at] !== 0) return;
    this.dead[at] = reason + 1;
    this.alive[k]!--;
    this.deadBy[k * REASONS + reason]!++;
  }

  private commit(i: number, tk: number, attack: PlannedAttack): void {
    const plan = this.plans[tk % T] as TypePlan;
    if (this.known[i]) for (const [u, count] of plan.need) this.troops[i * U + u]! -= count;
    else this.uses[i]!++;
    this.attacks.push(attack);
    this.slotOf.set(attack, tk);
    const { player } = this.input.attackers[i] as PlannerAttacker;
    if (this.input.onePerPlayer && player !== undefined) this.servedBy.add(`${tk}:${player}`);
    this.planned[tk]!++;
    this.updateDead(i);
  }

  /** With `onePerPlayer`: the attacker's player already sends to this target × type slot. */
  private servesAlready(attacker: PlannerAttacker, tk: number): boolean {
    return this.input.onePerPlayer === true && attacker.player !== undefined && this.servedBy.has(`${tk}:${attacker.player}`);
  }

  /**
   * Marks the types village i can no longer send (known: troops below the template; unknown: uses
   * spent, and nobles unless the input allows them from unknown villages).
   */
  private updateDead(i: number): void {
    const known = this.known[i] === 1;
    for (let k = 0; k < T; k++) {
      const at = k * this.n + i;
      if (this.dead[at] !== 0) continue;
      const p = this.plans[k] as TypePlan;
      if (!known && p.noble && !this.input.noblesFromUnknownVillages) {
        this.kill(k, i, UNKNOWN);
        continue;
      }
      let able = known ? true : (this.uses[i] as number) < this.maxUses;
      if (known) for (const [u, count] of p.need) if ((this.troops[i * U + u] as number) < count) able = false;
      if (!able) this.kill(k, i, known ? TROOPS : USED);
    }
  }
}
