// The sandbox's battles: an attack that reaches a village fights its defenders (own troops and
// supports standing there) and carries home what its survivors can take above the hiding place.
// The rule is the game's simplified: the attack's strength against the defence weighted by the
// attack's share of infantry, cavalry and archers, the wall adding 4 % per level, and the weaker
// side's losses (weaker / stronger)^1.5 while the stronger side dies out.
import { unitBattleStats, units, type Resources, type Unit, type UnitCounts } from "@dsbot/protocol";

const cavalry: ReadonlySet<Unit> = new Set<Unit>(["spy", "light", "marcher", "heavy", "knight"]);
const archers: ReadonlySet<Unit> = new Set<Unit>(["archer", "marcher"]);
/** A village's own defence, even empty (the game's base defence). */
const BASE_DEFENCE = 20;

export interface BattleInput {
  sent: UnitCounts;
  /** Every group of defenders (the village's own units, each support); losses are taken from each. */
  defenders: Record<Unit, number>[] | UnitCounts[];
  wall: number;
  resources: Resources;
  hide: number;
}

export interface BattleOutcome {
  lost: UnitCounts;
  survivors: UnitCounts;
  /** Per defender group, in the input's order. */
  defendersLost: UnitCounts[];
  haul: Resources;
  capacity: number;
}

/** Resources the hiding place keeps from a plunderer at `level`. */
export function hideCapacity(level: number): number {
  return level <= 0 ? 0 : Math.round(150 * Math.pow(1.3335, level - 1));
}

function entries(counts: UnitCounts): [Unit, number][] {
  return (Object.entries(counts) as [Unit, number][]).filter(([u, n]) => units.includes(u) && n > 0);
}

export function fight(input: BattleInput): BattleOutcome {
  const sent = entries(input.sent);
  let attack = 0;
  let cavalryAttack = 0;
  let archerAttack = 0;
  for (const [u, n] of sent) {
    const a = n * unitBattleStats[u].attack;
    attack += a;
    if (cavalry.has(u)) cavalryAttack += a;
    if (archers.has(u)) archerAttack += a;
  }
  const cavShare = attack > 0 ? cavalryAttack / attack : 0;
  const archShare = attack > 0 ? archerAttack / attack : 0;
  const infShare = Math.max(0, 1 - cavShare - archShare);
  let defence = 0;
  for (const group of input.defenders) {
    for (const [u, n] of entries(group)) {
      const s = unitBattleStats[u];
      defence += n * (infShare * s.defense + cavShare * s.defenseCavalry + archShare * s.defenseArcher);
    }
  }
  defence = (defence + BASE_DEFENCE) * Math.pow(1.04, input.wall);
  const scoutsOnly = sent.every(([u]) => u === "spy");
  // Scouts do not fight the village's army (the game's scout battle is left out).
  const attackerWins = scoutsOnly || attack > defence;
  const attackerRatio = scoutsOnly ? 0 : attackerWins ? Math.pow(defence / attack, 1.5) : 1;
  const defenderRatio = scoutsOnly ? 0 : attackerWins ? 1 : Math.pow(attack / defence, 1.5);
  const lost: UnitCounts = {};
  const survivors: UnitCounts = {};
  for (const [u, n] of sent) {
    const dead = Math.min(n, Math.round(n * attackerRatio));
    if (dead > 0) lost[u] = dead;
    if (n - dead > 0) survivors[u] = n - dead;
  }
  const defendersLost = input.defenders.map((group) => {
    const dead: UnitCounts = {};
    for (const [u, n] of entries(group)) {
      const d = Math.min(n, Math.round(n * defenderRatio));
      if (d > 0) dead[u] = d;
    }
    return dead;
  });
  let capacity = 0;
  for (const [u, n] of entries(survivors)) capacity += n * unitBattleStats[u].carry;
  const haul: Resources = { wood: 0, stone: 0, iron: 0 };
  const free = { wood: 0, stone: 0, iron: 0 };
  for (const r of ["wood", "stone", "iron"] as const) free[r] = Math.max(0, Math.floor(input.resources[r]) - input.hide);
  const available = free.wood + free.stone + free.iron;
  if (available > 0 && capacity > 0) {
    const share = Math.min(1, capacity / available);
    for (const r of ["wood", "stone", "iron"] as const) haul[r] = Math.floor(free[r] * share);
  }
  return { lost, survivors, defendersLost, haul, capacity };
}
