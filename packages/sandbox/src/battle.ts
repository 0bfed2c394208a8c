// The sandbox's battles: an attack that reaches a village fights its defenders (own troops and
// supports standing there) and carries home what its survivors can take above the hiding place.
//
// The rule is the battle simulator of DS Workbench (de.tor.tribes.dssim.algo.NewSimulator, with the
// unit classes of de.tor.tribes.dssim.algo.AbstractSimulator), which reproduces the game's simulator on
// worlds with archers:
// - The attack is split into infantry, cavalry and archers. A mounted archer is an archer only, so it
//   counts once (NewSimulator.calculateOffStrengths: `isCavalery && !isArcher` for cavalry).
// - Each part fights the defenders' matching defence value (defence, against cavalry, against archers),
//   weighted by that part's share of the attack and multiplied by the wall's bonus 1.037^wall; in the
//   first round the village's base defence 20 + 50 × wall is added, split by the same shares
//   (NewSimulator.calculateDefStrengths).
// - In each part the stronger side loses (weaker / stronger)^1.5 of it, the weaker side all of it
//   (NewSimulator.calulateLosses); the defenders lose the parts' losses weighted by the attack's
//   shares (NewSimulator.correctTroops).
// - Three rounds, each with the survivors of the one before.
// - Rams lower the wall for the battle by round(rams / (4 × 1.09^wall)), at most to half of it, and
//   damage it after the battle (wallAfterBattle).
// - Scouts take no part in the fight; they die by the defending scouts (scoutSurvivors).
// Assumption: no luck, morale 100 %, no night bonus, no smithy levels, no paladin items and no faith
// (the sandbox's worlds have none of these); the farm limit is 0, so the exponent is 1.5, not 1.6.
import { unitBattleStats, units, type Resources, type Unit, type UnitCounts } from "@dsbot/protocol";
import { splitHaul } from "./haul.js";

export { hideCapacity } from "./haul.js";

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
  /** The wall's level after the battle (rams damage it). */
  wallAfter: number;
}

/** The game's loss exponent (NewSimulator.calulateLosses, worlds without farm limit). */
const LOSS_EXPONENT = 1.5;
/** Defence multiplier per wall level (NewSimulator.calculateDefStrengths). */
const WALL_BONUS = 1.037;
/** A village's base defence, also empty: BASE + PER_WALL_LEVEL × wall (NewSimulator.calculateDefStrengths). */
const BASE_DEFENCE = 20;
const BASE_DEFENCE_PER_WALL_LEVEL = 50;
/** How much rams bite on a wall of a level: ÷ 1.09^level (NewSimulator.calculate). */
const WALL_TOUGHNESS = 1.09;
/** Defending scouts that kill every attacking scout: twice their number (NewSimulator.correctTroops `spyRateTillDeath`). */
const SPY_RATE_TILL_DEATH = 2;
const ROUNDS = 3;

/** Infantry 0, cavalry 1, archers 2. */
type Part = 0 | 1 | 2;
type Parts = [number, number, number];

/** The unit's part of an attack (AbstractSimulator.isCavalery / isArcher; everything else is infantry). */
function partOf(unit: Unit): Part {
  if (unit === "archer" || unit === "marcher") return 2;
  if (unit === "spy" || unit === "light" || unit === "heavy" || unit === "knight") return 1;
  return 0;
}

function entries(counts: UnitCounts): [Unit, number][] {
  return (Object.entries(counts) as [Unit, number][]).filter(([u, n]) => units.includes(u) && n > 0);
}

function counts(list: [Unit, number][]): UnitCounts {
  return Object.fromEntries(list.filter(([, n]) => n > 0));
}

/** The wall the battle is fought at: rams take round(rams / (4 × 1.09^wall)) levels, to no less than half. */
export function wallAtFight(wall: number, rams: number): number {
  if (wall <= 0 || rams <= 0) return wall;
  const lowered = wall - Math.round(rams / (4 * Math.pow(WALL_TOUGHNESS, wall)));
  return Math.max(Math.round(wall / 2), lowered);
}

/**
 * The wall after the battle (NewSimulator.calculate, "Wall calculation"). Won: the rams' most damage
 * rams × ram attack / (4 × 1.09^wall), less half of it in the share of the attack's units lost (scouts
 * not counted). Lost: rams × the share of the defenders lost × ram attack / (8 × 1.09^wall).
 */
function wallAfterBattle(wall: number, rams: number, won: boolean, attackLostShare: number, defenceLostShare: number): number {
  if (wall <= 0 || rams <= 0) return wall;
  const toughness = Math.pow(WALL_TOUGHNESS, wall);
  const ramAttack = unitBattleStats.ram.attack;
  let damage: number;
  if (won) {
    const most = (rams * ramAttack) / (4 * toughness);
    damage = Math.round(most - (most / 2) * attackLostShare);
  } else {
    damage = Math.round((rams * defenceLostShare * ramAttack) / (8 * toughness));
  }
  return Math.max(0, wall - damage);
}

/** Attacking scouts left after the first round: all die against twice their number, else n × ((defending + 1) / 2n)^1.5 (NewSimulator.correctTroops). */
function scoutSurvivors(sent: number, defending: number): number {
  if (sent <= 0) return 0;
  if (defending / sent >= SPY_RATE_TILL_DEATH) return 0;
  const losses = sent * Math.pow((defending + 1) / (sent * SPY_RATE_TILL_DEATH), LOSS_EXPONENT);
  return Math.max(0, Math.round(sent - losses));
}

/** Share of its part one side loses against the other (NewSimulator.calulateLosses). */
function lossShare(own: number, other: number): number {
  if (own === 0 || other === 0) return 0;
  return own > other ? Math.pow(other / own, LOSS_EXPONENT) : 1;
}

function attackParts(army: [Unit, number][]): Parts {
  const parts: Parts = [0, 0, 0];
  for (const [u, n] of army) parts[partOf(u)] += n * unitBattleStats[u].attack;
  return parts;
}

function defenceParts(groups: [Unit, number][][], shares: Parts, wall: number, firstRound: boolean): Parts {
  const raw: Parts = [0, 0, 0];
  for (const group of groups) {
    for (const [u, n] of group) {
      const s = unitBattleStats[u];
      raw[0] += n * s.defense;
      raw[1] += n * s.defenseCavalry;
      raw[2] += n * s.defenseArcher;
    }
  }
  const base = firstRound ? BASE_DEFENCE + BASE_DEFENCE_PER_WALL_LEVEL * wall : 0;
  const bonus = Math.pow(WALL_BONUS, wall);
  return raw.map((d, i) => shares[i as Part] * (d * bonus + base)) as Parts;
}

const total = (list: [Unit, number][]) => list.reduce((sum, [, n]) => sum + n, 0);

export function fight(input: BattleInput): BattleOutcome {
  const sent = entries(input.sent);
  const rams = sent.find(([u]) => u === "ram")?.[1] ?? 0;
  const wall = Math.max(0, input.wall);
  const wallFight = wallAtFight(wall, rams);
  const defendersBefore = input.defenders.map((group) => entries(group));
  let attackers = sent.map(([u, n]) => [u, n] as [Unit, number]);
  let groups = defendersBefore.map((group) => group.map(([u, n]) => [u, n] as [Unit, number]));
  const defendingScouts = groups.reduce((sum, g) => sum + (g.find(([u]) => u === "spy")?.[1] ?? 0), 0);

  for (let round = 0; round < ROUNDS; round++) {
    const attack = attackParts(attackers);
    const attackTotal = attack[0] + attack[1] + attack[2];
    const shares = attack.map((a) => (attackTotal > 0 ? a / attackTotal : 0)) as Parts;
    const defence = defenceParts(groups, shares, wallFight, round === 0);
    const attackLoss = attack.map((a, i) => lossShare(a, defence[i as Part])) as Parts;
    const defenceLoss = defence.map((d, i) => lossShare(d, attack[i as Part])) as Parts;
    attackers = attackers.map(([u, n]) => {
      if (u === "spy") return [u, round === 0 ? scoutSurvivors(n, defendingScouts) : n];
      return [u, Math.round(n * (1 - attackLoss[partOf(u)]))];
    });
    // The defenders lose the parts' losses weighted by the attack's strength in each part.
    const weighted = attack[0] * defenceLoss[0] + attack[1] * defenceLoss[1] + attack[2] * defenceLoss[2];
    const lostShare = attackTotal > 0 ? weighted / attackTotal : 0;
    groups = groups.map((group) => group.map(([u, n]) => [u, Math.round(n - n * lostShare)]));
  }

  const survivors = counts(attackers);
  const lost = counts(sent.map(([u, n]) => [u, n - (survivors[u] ?? 0)]));
  const defendersLost = defendersBefore.map((group, i) => {
    const after = Object.fromEntries(groups[i] ?? []) as UnitCounts;
    return counts(group.map(([u, n]) => [u, n - (after[u] ?? 0)]));
  });
  const defendersLeft = groups.reduce((sum, g) => sum + total(g), 0);
  const won = defendersLeft === 0;
  const fighters = sent.filter(([u]) => u !== "spy");
  const fightersLost = fighters.reduce((sum, [u, n]) => sum + n - (survivors[u] ?? 0), 0);
  const defendersTotal = defendersBefore.reduce((sum, g) => sum + total(g), 0);
  const wallAfter = wallAfterBattle(
    wall,
    rams,
    won,
    total(fighters) > 0 ? fightersLost / total(fighters) : 0,
    defendersTotal > 0 ? (defendersTotal - defendersLeft) / defendersTotal : 0,
  );

  let capacity = 0;
  for (const [u, n] of entries(survivors)) capacity += n * unitBattleStats[u].carry;
  // Assumption: only a won attack plunders (defenders still standing keep their village's resources).
  const free: Resources = { wood: 0, stone: 0, iron: 0 };
  for (const r of ["wood", "stone", "iron"] as const) free[r] = Math.max(0, Math.floor(input.resources[r]) - input.hide);
  const haul = won ? splitHaul(free, capacity) : { wood: 0, stone: 0, iron: 0 };
  return { lost, survivors, defendersLost, haul, capacity, wallAfter };
}
