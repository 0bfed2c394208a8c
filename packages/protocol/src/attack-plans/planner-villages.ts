// The planner's attacker villages per attack type (planner-engine.ts plans with them): troops and uses in
// typed arrays, per type a "dead" flag for every village that can no longer send that type to any target
// (troops only shrink and uses only grow, so a dead village stays dead), and per type a grid for the
// nearest-first search, rebuilt from the living villages once half of them are dead, so searches do not
// wade through the dead.
import { units } from "../units.js";
import { VillageGrid } from "./candidates.js";
import type { PlannerAttacker, PlannerInput } from "./planner-types.js";
import { REASONS, TROOPS, UNKNOWN, USED, type TypePlan } from "./planner-type-plan.js";

const U = units.length;

interface TypeGrid {
  grid: VillageGrid;
  /** Maps the grid's indices back to villages; null = all villages. */
  ids: Int32Array | null;
  /** Villages alive when the grid was built. */
  alive: number;
}

export class PlannerVillages {
  readonly n: number;
  /** Per type × village: 0 alive, else the reason + 1 it can no longer send the type. */
  readonly dead: Uint8Array;
  /** Per type: the villages still alive. */
  readonly alive: Int32Array;
  /** Per type × reason: how many villages died of it. */
  readonly deadBy: Int32Array;
  private readonly troops: Int32Array;
  private readonly known: Uint8Array;
  private readonly uses: Int32Array;
  private readonly maxUses: number;
  private readonly grids: TypeGrid[];

  /** `rebuild: false` keeps every type's grid of all villages (the planner's unbounded mode). */
  constructor(
    private readonly input: PlannerInput,
    private readonly plans: readonly TypePlan[],
    private readonly rebuild: boolean,
  ) {
    const { attackers } = input;
    const n = (this.n = attackers.length);
    const T = plans.length;
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
    const grid = new VillageGrid(Int32Array.from(attackers, (a) => a.coord.x), Int32Array.from(attackers, (a) => a.coord.y));
    this.grids = plans.map(() => ({ grid, ids: null, alive: n }));
  }

  /** Village i can no longer send type k, for `reason`; a village already dead keeps its first reason. */
  kill(k: number, i: number, reason: number): void {
    const at = k * this.n + i;
    if (this.dead[at] !== 0) return;
    this.dead[at] = reason + 1;
    this.alive[k]!--;
    this.deadBy[k * REASONS + reason]!++;
  }

  /** Village i sends plan p once: known troops shrink by the template, an unknown village spends a use. */
  spend(i: number, p: TypePlan): void {
    if (this.known[i]) for (const [u, count] of p.need) this.troops[i * U + u]! -= count;
    else this.uses[i]!++;
    this.updateDead(i);
  }

  /**
   * The type's grid search (villages by index); rebuilds the grid from the living when half of it died.
   * Answers the villages a rebuild looked at (0 without one).
   */
  nearest(k: number, to: { x: number; y: number }, skip: (i: number) => boolean, visit: (i: number) => boolean): number {
    let entry = this.grids[k] as TypeGrid;
    let cost = 0;
    const alive = this.alive[k] as number;
    if (this.rebuild && alive >= 32 && alive * 2 < entry.alive) {
      const ids = new Int32Array(alive);
      let j = 0;
      for (let i = 0; i < this.n; i++) if (this.dead[k * this.n + i] === 0) ids[j++] = i;
      const { attackers } = this.input;
      const grid = new VillageGrid(Int32Array.from(ids, (i) => (attackers[i] as PlannerAttacker).coord.x), Int32Array.from(ids, (i) => (attackers[i] as PlannerAttacker).coord.y));
      entry = this.grids[k] = { grid, ids, alive };
      cost = this.n;
    }
    const { grid, ids } = entry;
    if (!ids) grid.nearest(to, skip, visit);
    else {
      grid.nearest(
        to,
        (j) => skip(ids[j] as number),
        (j) => visit(ids[j] as number),
      );
    }
    return cost;
  }

  /**
   * Marks the types village i can no longer send (known: troops below the template; unknown: uses
   * spent, and nobles unless the input allows them from unknown villages).
   */
  private updateDead(i: number): void {
    const known = this.known[i] === 1;
    for (let k = 0; k < this.plans.length; k++) {
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
