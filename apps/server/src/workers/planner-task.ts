// The planner's two steps that grow with their input, run on a worker thread (workers/): reading the
// coordinates out of the pasted texts, and planning plus writing the answer's JSON. Inputs and outputs
// are typed arrays and strings, so handing them between threads costs the event loop next to nothing.
import type { AttackType, NightBonusWindow, PlannerAttacker, PlannerInput, Unit, UnitCounts, UnitSpeedTable } from "@dsbot/protocol";
import { attackTypes, distinctCoords, formatCoord, planAttacks, units } from "@dsbot/protocol";

export interface CoordsTaskInput {
  texts: string[];
  /** Distinct coordinates read per text at most; one more is read to tell "too many". */
  max: number;
}
/** Per text its distinct coordinates in order of appearance, as x·1000 + y. */
export type CoordsTaskOutput = Int32Array[];

/** Every distinct `x|y` of each text, stopping after max + 1. */
export function coordsTask({ texts, max }: CoordsTaskInput): CoordsTaskOutput {
  return texts.map((text) => Int32Array.from(distinctCoords(text, max + 1), (c) => c.x * 1000 + c.y));
}

export interface PlannerVillages {
  ids: Int32Array;
  xs: Int32Array;
  ys: Int32Array;
  players: (string | null)[];
}

export interface PlannerTaskInput {
  attackers: PlannerVillages & {
    /** units.length counts per village; meaningful where `known` is 1. */
    troops: Int32Array;
    known: Uint8Array;
    boosts: Float64Array;
  };
  targets: PlannerVillages;
  settings: {
    window: { from: number; to: number };
    counts: Partial<Record<AttackType, number>>;
    templates: Partial<Record<AttackType, UnitCounts>>;
    unitInfo: UnitSpeedTable;
    algorithm: PlannerInput["algorithm"];
    seed: number;
    avoidNightBonus: boolean;
    noblesFromUnknownVillages: boolean;
    night: NightBonusWindow | null;
    timeZone: string;
    now: number;
    nobleMaxDistance?: number;
    /** Send times no sooner than now + leadMs. */
    leadMs?: number;
    /** At most one attack per attacker player, target and type ("Verteidigen"). */
    onePerPlayer?: boolean;
  };
  /** Coordinates of the request that are no village, for the answer. */
  unknownCoords: string[];
}

export interface PlannerTaskOutput {
  /** The answer's JSON without `saved` and the closing brace: `{"attacks":[…],"unserved":[…],"unknownCoords":[…]`. */
  jsonHead: string;
  /** Per planned attack: attacker and target index, type index in `attackTypes`, times and priority. */
  from: Int32Array;
  to: Int32Array;
  type: Uint8Array;
  send: Float64Array;
  arrival: Float64Array;
  priority: Int32Array;
  /** Units and travel unit of each planned type (every attack of a type sends its template). */
  templates: Partial<Record<AttackType, { units: UnitCounts; unit: Unit }>>;
}

function attackersOf(input: PlannerTaskInput["attackers"], withPlayers: boolean): PlannerAttacker[] {
  const U = units.length;
  const playerIndex = new Map<string, number>();
  const playerOf = (i: number): { player?: number } => {
    const name = input.players[i];
    if (!withPlayers || name === null || name === undefined) return {};
    if (!playerIndex.has(name)) playerIndex.set(name, playerIndex.size);
    return { player: playerIndex.get(name) as number };
  };
  return Array.from(input.ids, (id, i) => {
    let troops: UnitCounts | null = null;
    if (input.known[i]) {
      troops = {};
      for (let u = 0; u < U; u++) troops[units[u] as Unit] = input.troops[i * U + u] as number;
    }
    return { id, coord: { x: input.xs[i] as number, y: input.ys[i] as number }, troops, supportBoost: input.boosts[i] as number, ...playerOf(i) };
  });
}

export function plannerTask(input: PlannerTaskInput): PlannerTaskOutput {
  const { attackers, targets, settings } = input;
  const targetIndex = new Map<number, number>();
  targets.ids.forEach((id, t) => targetIndex.set(id, t));
  const attackerIndex = new Map<number, number>();
  attackers.ids.forEach((id, i) => attackerIndex.set(id, i));
  const result = planAttacks({
    ...settings,
    attackers: attackersOf(attackers, settings.onePerPlayer === true),
    targets: Array.from(targets.ids, (villageId, t) => ({ coord: { x: targets.xs[t] as number, y: targets.ys[t] as number }, villageId })),
    supportBoost: 0,
  });
  const n = result.attacks.length;
  const out: PlannerTaskOutput = {
    jsonHead: "",
    from: new Int32Array(n),
    to: new Int32Array(n),
    type: new Uint8Array(n),
    send: new Float64Array(n),
    arrival: new Float64Array(n),
    priority: new Int32Array(n),
    templates: {},
  };
  const parts: string[] = [];
  result.attacks.forEach((a, k) => {
    const i = attackerIndex.get(a.fromVillageId) as number;
    const t = targetIndex.get(a.toVillageId as number) as number;
    out.from[k] = i;
    out.to[k] = t;
    out.type[k] = attackTypes.indexOf(a.type);
    out.send[k] = a.sendTime;
    out.arrival[k] = a.arrival;
    out.priority[k] = a.priority;
    out.templates[a.type] ??= { units: a.units, unit: a.unit };
    parts.push(
      JSON.stringify({
        from: formatCoord(a.from),
        to: formatCoord(a.to),
        fromVillageId: a.fromVillageId,
        toVillageId: a.toVillageId ?? null,
        attacker: attackers.players[i] ?? null,
        defender: targets.players[t] ?? null,
        type: a.type,
        units: a.units,
        unit: a.unit,
        sendTime: a.sendTime,
        arrivalTime: a.arrival,
        priority: a.priority,
      }),
    );
  });
  const unserved = result.unserved.map((u) => ({ target: formatCoord(u.target), type: u.type, requested: u.requested, planned: u.planned, reason: u.reason }));
  out.jsonHead = `{"attacks":[${parts.join(",")}],"unserved":${JSON.stringify(unserved)},"unknownCoords":${JSON.stringify(input.unknownCoords)}`;
  return out;
}
