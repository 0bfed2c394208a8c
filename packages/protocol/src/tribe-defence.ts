// Verteidigung planen: a Koordinator or the Anführer answers a support request with supports from the
// members' villages whose shared defensive units can land in time. Each planned support is a support
// command in its member's own plan ("Stamm-Verteidigung"), which the member's running bot sends to the
// millisecond (its Offplaner Scanner gets the plan) and which becomes the member's tab request when no
// bot will send it. A request then shows what was asked, planned, sent and arrived ("Meine Befehle" is
// the viewer's own part of it), and a coordinator plans again for what is still missing.
//   POST /api/tribes/:id/requests/:requestId/plan      a Koordinator or the Anführer: preview or save
import { z } from "zod";
import type { Coord } from "./game/coords.js";
import type { UnitSpeedTable } from "./game/travel.js";
import { unitTravelSeconds } from "./game/travel.js";
import type { TribeDefenceSupport, TribeDefenceVillage, TribeRequestNeed } from "./tribe-requests.js";
import { TRIBE_ID_MAX } from "./tribes.js";
import type { Unit, UnitCounts } from "./units.js";
import { population, unitPopWeights } from "./units.js";
import { defensiveUnits } from "./war-room/troop-classification.js";

/** Supports planned for one request in one run. */
export const TRIBE_DEFENCE_MAX_SUPPORTS = 300;
/** Member villages one run considers: the nearest to the attacked village. */
export const TRIBE_DEFENCE_MAX_CANDIDATES = 5_000;
/** Villages under attack themselves a coordinator may choose to send from anyway. */
export const TRIBE_DEFENCE_INCLUDE_MAX = 500;

export const tribeDefenceMessages = {
  coordinatorOnly: "Nur ein Koordinator oder der Anführer plant die Verteidigung.",
  covered: "Die Anfrage ist schon gedeckt: es fehlt nichts mehr.",
  tooLate: "Bis zur Frist schafft es keine Unterstützung mehr.",
  closed: "Die Anfrage ist nicht mehr offen.",
  changed: "Die Anfrage wurde gerade von jemand anderem geplant. Sieh dir den Stand an und plane die Lücke neu.",
  targetUnknown: "Das angegriffene Dorf ist auf dieser Welt nicht bekannt.",
  planName: (tag: string) => `Stamm-Verteidigung [${tag}]`,
} as const;

export const tribeDefencePlanSchema = z.strictObject({
  /** Villages under attack themselves that may send anyway (left out otherwise). */
  includeVillageIds: z
    .array(z.number({ error: "Erwartet: die Id eines Dorfes" }).int().positive().max(TRIBE_ID_MAX), { error: "Erwartet: eine Liste von Dörfern" })
    .max(TRIBE_DEFENCE_INCLUDE_MAX, `Höchstens ${TRIBE_DEFENCE_INCLUDE_MAX} Dörfer`)
    .default([]),
  /** false: a preview; true: the supports are written to the members' plans. */
  save: z.boolean({ error: "Erwartet: true oder false" }),
});
export type TribeDefencePlanInput = z.input<typeof tribeDefencePlanSchema>;
export type TribeDefencePlan = z.output<typeof tribeDefencePlanSchema>;

export interface TribeDefenceResponse {
  supports: TribeDefenceSupport[];
  /** Villages that could have helped but are under attack themselves, left out unless chosen. */
  underAttack: (TribeDefenceVillage & { member: string })[];
  /** What the request asks for and what the new supports cover, in the need's measure (progress). */
  requested: number;
  covered: number;
  /** What was missing before this run (the request less what is planned, sent and arrived in time). */
  missing: number;
  saved: boolean;
}

/**
 * Where a support stands for its request: "arrived" once sent and landed, or once the target's scan saw
 * it in the village; "late" when it lands after the deadline.
 */
export type TribeSupportState = "planned" | "sent" | "arrived" | "late" | "failed";

export const tribeSupportStateLabels: Record<TribeSupportState, string> = {
  planned: "geplant",
  sent: "gesendet",
  arrived: "angekommen",
  late: "zu spät",
  failed: "fehlgeschlagen",
};

export function supportState(
  support: Pick<TribeDefenceSupport, "status" | "arrivalAt" | "realArrivalAt" | "seenInVillageAt">,
  neededBy: number,
  now: number,
): TribeSupportState {
  if (support.seenInVillageAt !== null) return (support.realArrivalAt ?? support.arrivalAt) > neededBy ? "late" : "arrived";
  if (support.status === "failed" || support.status === "expired" || support.status === "cancelled") return "failed";
  if (support.status !== "sent") return "planned";
  const landing = support.realArrivalAt ?? support.arrivalAt;
  if (landing > neededBy) return "late";
  return landing <= now ? "arrived" : "sent";
}

/** A scan or paste of the target village: when, and the units in it beyond the owner's own (the supports there). */
export interface VillageSighting {
  at: number;
  foreign: UnitCounts;
}

/** The units "im Dorf" that are not the owner's own at home: `inVillage` less `own`, none below 0. */
export function foreignUnits(inVillage: UnitCounts, own: UnitCounts): UnitCounts {
  const foreign: UnitCounts = {};
  for (const [unit, n] of Object.entries(inVillage) as [Unit, number][]) {
    const left = n - (own[unit] ?? 0);
    if (left > 0) foreign[unit] = left;
  }
  return foreign;
}

/**
 * Which supports to one village a sighting confirms as arrived ("im Dorf"), by index, beside those
 * already confirmed. A support is a candidate once it should have landed by the sighting (its arrival,
 * a sent one's actual arrival) and was not called off. The units beyond the owner's own are handed out
 * in turn: first to the supports already seen, then to the sent ones, then to the others (a tab request
 * sent by hand), each by arrival and id; a support is confirmed when all of its units are still there.
 * Supports of other players in the village can make the sighting take an unsent support for arrived:
 * the units are the only evidence the game's overview gives.
 */
export function supportsSeenInVillage(supports: readonly Pick<TribeDefenceSupport, "id" | "status" | "units" | "arrivalAt" | "realArrivalAt" | "seenInVillageAt">[], sighting: VillageSighting): number[] {
  const pool: UnitCounts = { ...sighting.foreign };
  const rank = (s: (typeof supports)[number]) => (s.seenInVillageAt !== null ? 0 : s.status === "sent" ? 1 : 2);
  const landing = (s: (typeof supports)[number]) => s.realArrivalAt ?? s.arrivalAt;
  const order = supports
    .map((support, index) => ({ support, index }))
    .filter(({ support }) => support.seenInVillageAt !== null || (support.status !== "cancelled" && landing(support) <= sighting.at))
    .sort((a, b) => rank(a.support) - rank(b.support) || landing(a.support) - landing(b.support) || (a.support.id ?? 0) - (b.support.id ?? 0));
  const seen: number[] = [];
  for (const { support, index } of order) {
    const units = Object.entries(support.units) as [Unit, number][];
    if (!units.every(([unit, n]) => (pool[unit] ?? 0) >= n)) continue;
    for (const [unit, n] of units) pool[unit] = (pool[unit] ?? 0) - n;
    if (support.seenInVillageAt === null) seen.push(index);
  }
  return seen.sort((a, b) => a - b);
}

/** How much of `need` the units cover: population of defence, or the asked units (no unit counted beyond its ask). */
export function needMeasure(need: TribeRequestNeed, units: UnitCounts): number {
  if (need.kind === "population") {
    let total = 0;
    for (const unit of defensiveUnits) total += (units[unit] ?? 0) * unitPopWeights[unit];
    return total;
  }
  let total = 0;
  for (const [unit, asked] of Object.entries(need.units) as [Unit, number][]) total += Math.min(asked, units[unit] ?? 0);
  return total;
}

export function requestedMeasure(need: TribeRequestNeed): number {
  return need.kind === "population" ? need.population : Object.values(need.units).reduce((sum, n) => sum + (n ?? 0), 0);
}

function sumUnits(list: readonly UnitCounts[]): UnitCounts {
  const total: UnitCounts = {};
  for (const units of list) for (const [unit, n] of Object.entries(units) as [Unit, number][]) total[unit] = (total[unit] ?? 0) + n;
  return total;
}

export interface TribeRequestProgress {
  requested: number;
  /** Planned, sent or arrived, not failed. */
  planned: number;
  /** Sent (on the way, arrived or late). */
  sent: number;
  arrived: number;
  /** Supports that failed or land after the deadline. */
  troubled: number;
  /** What is still missing: the request less what is planned, sent and arrived in time. */
  missing: number;
}

/** A request's progress at `now`, each figure in the need's measure. */
export function requestProgress(need: TribeRequestNeed, neededBy: number, supports: readonly TribeDefenceSupport[], now: number): TribeRequestProgress {
  const states = supports.map((s) => supportState(s, neededBy, now));
  const over = (keep: (state: TribeSupportState) => boolean) => needMeasure(need, sumUnits(supports.filter((_, i) => keep(states[i] as TribeSupportState)).map((s) => s.units)));
  const requested = requestedMeasure(need);
  const inTime = over((s) => s === "planned" || s === "sent" || s === "arrived");
  return {
    requested,
    planned: over((s) => s !== "failed"),
    sent: over((s) => s === "sent" || s === "arrived" || s === "late"),
    arrived: over((s) => s === "arrived"),
    troubled: states.filter((s) => s === "failed" || s === "late").length,
    missing: Math.max(0, requested - inTime),
  };
}

/** What is still to plan: the need less the units of the supports that will be there in time. */
export function remainingNeed(need: TribeRequestNeed, neededBy: number, supports: readonly TribeDefenceSupport[], now: number): TribeRequestNeed | null {
  const inTime = sumUnits(supports.filter((s) => ["planned", "sent", "arrived"].includes(supportState(s, neededBy, now))).map((s) => s.units));
  if (need.kind === "population") {
    const left = need.population - needMeasure(need, inTime);
    return left > 0 ? { kind: "population", population: left } : null;
  }
  const units: UnitCounts = {};
  for (const [unit, asked] of Object.entries(need.units) as [Unit, number][]) {
    const left = asked - (inTime[unit] ?? 0);
    if (left > 0) units[unit] = left;
  }
  return Object.keys(units).length > 0 ? { kind: "units", units } : null;
}

export interface DefenceCandidate {
  x: number;
  y: number;
  /** The shared units at home; only defensive units are sent. */
  units: UnitCounts;
}

export interface DefenceInput {
  candidates: readonly DefenceCandidate[];
  target: Coord;
  /** What is still needed. */
  need: TribeRequestNeed;
  neededBy: number;
  /** The earliest send time (now plus the bots' lead). */
  sendAt: number;
  unitInfo: UnitSpeedTable;
  maxSupports: number;
}

export interface PlannedDefence {
  /** Index into the candidates. */
  candidate: number;
  units: UnitCounts;
  unit: Unit;
  sendAt: number;
  arrivalAt: number;
}

/**
 * The nearest villages first, each sending at `sendAt` the defensive units that land by the deadline,
 * as many as the need still asks for (a population fills with each village's units in the order
 * spear, sword, archer, heavy; asked units take only those), until the need is met or `maxSupports`.
 * Travel times are the world's unit speeds without Freundschaft, so a support never lands later than
 * planned. Linear in the candidates after one sort.
 */
export function planTribeDefence(input: DefenceInput): { supports: PlannedDefence[]; covered: number } {
  const { target, neededBy, sendAt, unitInfo } = input;
  const order = input.candidates
    .map((c, i) => ({ i, d: (c.x - target.x) ** 2 + (c.y - target.y) ** 2 }))
    .sort((a, b) => a.d - b.d || a.i - b.i);
  const travel = new Map<Unit, number>();
  let popLeft = input.need.kind === "population" ? input.need.population : 0;
  const unitsLeft: UnitCounts = input.need.kind === "units" ? { ...input.need.units } : {};
  const done = () => (input.need.kind === "population" ? popLeft <= 0 : Object.values(unitsLeft).every((n) => (n ?? 0) <= 0));
  const supports: PlannedDefence[] = [];
  let covered = 0;
  for (const { i } of order) {
    if (done() || supports.length >= input.maxSupports) break;
    const candidate = input.candidates[i] as DefenceCandidate;
    const sent: UnitCounts = {};
    let slowest: Unit | null = null;
    let slowestMs = -1;
    for (const unit of defensiveUnits) {
      const have = Math.floor(candidate.units[unit] ?? 0);
      if (have <= 0 || unitInfo[unit] === undefined) continue;
      const ms = unitTravelSeconds(candidate, target, unit, unitInfo) * 1000;
      travel.set(unit, ms);
      if (sendAt + ms > neededBy) continue;
      let take: number;
      if (input.need.kind === "population") {
        if (popLeft <= 0) break;
        take = Math.min(have, Math.ceil(popLeft / unitPopWeights[unit]));
        popLeft -= take * unitPopWeights[unit];
      } else {
        take = Math.min(have, unitsLeft[unit] ?? 0);
        if (take <= 0) continue;
        unitsLeft[unit] = (unitsLeft[unit] ?? 0) - take;
      }
      sent[unit] = take;
      if (ms > slowestMs) {
        slowestMs = ms;
        slowest = unit;
      }
    }
    if (slowest === null) continue;
    covered += input.need.kind === "population" ? population(sent) : needMeasure(input.need, sent);
    supports.push({ candidate: i, units: sent, unit: slowest, sendAt, arrivalAt: sendAt + slowestMs });
  }
  return { supports, covered };
}
