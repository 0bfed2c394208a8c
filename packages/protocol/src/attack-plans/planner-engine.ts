// The planner's working state (planner.ts has the rules and the API): troops and uses in typed arrays,
// per type a "dead" flag for every village that can no longer send that type to any target (troops only
// shrink and uses only grow, so a dead village stays dead), and the candidate order per target.
import { distance, sendTime, slowestUnit, travelSeconds, unitSpeedMinutes } from "../game/travel.js";
import { units, type Unit, type UnitCounts } from "../units.js";
import { arrivalIntervals, earliestArrival, randomArrival } from "./arrival-window.js";
import { attackTypeLabels, compactUnits, isSupportType, ATTACK_PRIORITY_DEFAULT, type AttackType } from "./attack.js";
import { seededRandom } from "../random.js";
import { deriveSeed, ShuffledStream, VillageGrid } from "./candidates.js";
import { plannerMessages } from "./messages.js";
import type { PlannedAttack, PlannerAttacker, PlannerInput, PlannerTarget, UnservedDemand } from "./planner.js";

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
const REASONS = 5;

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
}

function typePlan(type: AttackType, input: PlannerInput): TypePlan {
  const template = compactUnits(input.templates[type] ?? {});
  const need = units.flatMap((unit, u): [number, number][] => ((template[unit] ?? 0) > 0 ? [[u, template[unit] as number]] : []));
  const priority = input.priorities?.[type] ?? ATTACK_PRIORITY_DEFAULT;
  const plan = { type, template, need, unit: "spear" as Unit, speed: 1, noble: (template.snob ?? 0) > 0, priority };
  try {
    const unit = slowestUnit(template, input.unitInfo);
    if (!unit) return { ...plan, error: plannerMessages.noTemplate(attackTypeLabels[type]) };
    return { ...plan, unit, speed: unitSpeedMinutes(input.unitInfo, unit), error: null };
  } catch (error) {
    return { ...plan, error: error instanceof Error ? error.message : String(error) };
  }
}

export class PlannerRun {
  readonly attacks: PlannedAttack[] = [];
  private readonly n: number;
  private readonly m: number;
  private readonly plans: TypePlan[];
  private readonly demand: Int32Array;
  private readonly planned: Int32Array;
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
  private readonly intervals: number[];
  private readonly arrivalRandom: () => number;
  private readonly grid: VillageGrid | null;
  private readonly streams: (ShuffledStream | undefined)[];
  private readonly cursor: Int32Array;
  private readonly scratch: Int32Array;

  constructor(private readonly input: PlannerInput) {
    const { attackers, targets, window } = input;
    const n = (this.n = attackers.length);
    const m = (this.m = targets.length);
    this.plans = plannerTypeOrder.map((type) => typePlan(type, input));
    this.demand = new Int32Array(m * T);
    targets.forEach((target, t) =>
      plannerTypeOrder.forEach((type, k) => {
        this.demand[t * T + k] = Math.max(0, Math.floor(target.counts?.[type] ?? input.counts?.[type] ?? 0));
      }),
    );
    this.planned = new Int32Array(m * T);
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
    for (let i = 0; i < n; i++) this.updateDead(i);
    this.intervals = arrivalIntervals(window.from, window.to, input.avoidNightBonus ? input.night : null);
    const seed = input.seed ?? 1;
    this.arrivalRandom = seededRandom(deriveSeed(seed, -1));
    const random = input.algorithm === "random";
    this.grid = random ? null : new VillageGrid(Int32Array.from(attackers, (a) => a.coord.x), Int32Array.from(attackers, (a) => a.coord.y));
    this.streams = new Array(random ? m : 0);
    this.cursor = new Int32Array(random ? m * T : 0);
    this.scratch = new Int32Array(random ? n : 0);
  }

  /** Round r gives every target its (r+1)-th attack of each type, types in plannerTypeOrder. */
  run(): void {
    if (this.n === 0 || this.intervals.length === 0) return;
    let rounds = 0;
    for (let tk = 0; tk < this.m * T; tk++) rounds = Math.max(rounds, this.demand[tk] as number);
    for (let r = 0; r < rounds; r++) {
      this.plans.forEach((p, k) => {
        if (p.error) return;
        for (let t = 0; t < this.m; t++) {
          const tk = t * T + k;
          if ((this.demand[tk] as number) <= r || this.exhausted[tk]) continue;
          if ((this.alive[k] as number) === 0) this.exhaust(tk, this.deadBy.subarray(k * REASONS, k * REASONS + REASONS));
          else if (this.grid) this.serveNearest(t, k, p, this.grid);
          else this.serveRandom(t, k, p);
        }
      });
    }
  }

  unserved(): UnservedDemand[] {
    const out: UnservedDemand[] = [];
    this.input.targets.forEach((target, t) => {
      this.plans.forEach((p, k) => {
        const tk = t * T + k;
        const requested = this.demand[tk] as number;
        const planned = this.planned[tk] as number;
        if (planned >= requested) return;
        const reason = this.reason(p, this.fails.subarray(tk * REASONS, tk * REASONS + REASONS));
        const villageId = target.villageId !== undefined ? { toVillageId: target.villageId } : {};
        out.push({ target: { ...target.coord }, ...villageId, type: p.type, requested, planned, reason });
      });
    });
    return out;
  }

  private reason(p: TypePlan, fails: Int32Array): string {
    if (p.error) return p.error;
    if (this.n === 0) return plannerMessages.noAttackers;
    if (this.intervals.length === 0) return plannerMessages.nightOnly;
    let best = TROOPS;
    for (let r = 0; r < REASONS; r++) if ((fails[r] as number) > (fails[best] as number)) best = r;
    if (best === SAME) return plannerMessages.sameVillage;
    if (best === NOBLE) return plannerMessages.nobleRange(this.input.nobleMaxDistance ?? 0);
    if (best === USED) return plannerMessages.used;
    if (best === LATE) return plannerMessages.late;
    return plannerMessages.troops;
  }

  private exhaust(tk: number, reasons: Int32Array): void {
    this.exhausted[tk] = 1;
    this.fails.set(reasons, tk * REASONS);
  }

  /** The nearest village still able to serve; a failed search has seen every village, so its reasons are final. */
  private serveNearest(t: number, k: number, p: TypePlan, grid: VillageGrid): void {
    const reasons = new Int32Array(REASONS);
    const dead = this.dead;
    const offset = k * this.n;
    let found = false;
    grid.nearest(
      (this.input.targets[t] as PlannerTarget).coord,
      (i) => {
        const d = dead[offset + i] as number;
        if (d !== 0) reasons[d - 1]!++;
        return d !== 0;
      },
      (i) => {
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
    const fields = distance(attacker.coord, target.coord);
    if (p.noble && input.nobleMaxDistance !== undefined && fields > input.nobleMaxDistance) return NOBLE;
    const boost = isSupportType(p.type) ? (attacker.supportBoost ?? input.supportBoost ?? 0) : 0;
    const travel = travelSeconds(fields, p.speed, boost);
    const lower = input.now === undefined ? input.window.from : Math.max(input.window.from, input.now + (input.leadMs ?? 0) + travel * 1000);
    const arrival = input.algorithm === "random" ? randomArrival(this.intervals, lower, this.arrivalRandom) : earliestArrival(this.intervals, lower);
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

  private commit(i: number, tk: number, attack: PlannedAttack): void {
    const plan = this.plans[tk % T] as TypePlan;
    if (this.known[i]) for (const [u, count] of plan.need) this.troops[i * U + u]! -= count;
    else this.uses[i]!++;
    this.attacks.push(attack);
    this.planned[tk]!++;
    this.updateDead(i);
  }

  /** Marks the types village i can no longer send (known: troops below the template; unknown: uses spent). */
  private updateDead(i: number): void {
    const known = this.known[i] === 1;
    for (let k = 0; k < T; k++) {
      const at = k * this.n + i;
      if (this.dead[at] !== 0) continue;
      const p = this.plans[k] as TypePlan;
      let able = known ? true : (this.uses[i] as number) < this.maxUses;
      if (known) for (const [u, count] of p.need) if ((this.troops[i * U + u] as number) < count) able = false;
      if (able) continue;
      const reason = known ? TROOPS : USED;
      this.dead[at] = reason + 1;
      this.alive[k]!--;
      this.deadBy[k * REASONS + reason]!++;
    }
  }
}
