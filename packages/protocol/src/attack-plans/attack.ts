// One attack of an attack plan: types, statuses and priority with their German labels, the
// zod schemas of an attack as a user enters it and as the formats exchange it, and its send time from
// the game rules in ../game/travel.ts (the travel maths lives there only).
import { z } from "zod";
import { coordInputSchema, type Coord } from "../game/coords.js";
import { sendTime, slowestUnit, travelUnit, unitTravelSeconds, type UnitSpeedTable } from "../game/travel.js";
import { parseTroopFormula } from "../game/troop-formula.js";
import { baseUnitSpeeds } from "../game/unit-info.js";
import { unitCountsSchema, unitLabels, units, unitSchema, type Unit, type UnitCounts } from "../units.js";
import { NOBLE_TRAIN_MAX, NOBLE_TRAIN_SPACING_DEFAULT_MS, NOBLE_TRAIN_SPACING_MAX_MS, NOBLE_TRAIN_SPACING_MIN_MS } from "./execution.js";
import { attackMessages } from "./messages.js";

export const attackTypes = ["attack", "conquer", "fake", "wallbreaker", "support", "fake_support"] as const;
export type AttackType = (typeof attackTypes)[number];
export const attackTypeSchema = z.enum(attackTypes, { error: attackMessages.type });

export const attackTypeLabels: Record<AttackType, string> = {
  attack: "Angriff",
  conquer: "Adelung",
  fake: "Fake",
  wallbreaker: "Wallbrecher",
  support: "Unterstützung",
  fake_support: "Fake-Unterstützung",
};

/** Supports walk faster with the sender's Freundschaft skill (player-skills.ts `supportBoost`). */
export function isSupportType(type: AttackType): boolean {
  return type === "support" || type === "fake_support";
}

export const attackStatuses = ["planned", "due", "sent", "failed", "expired", "cancelled"] as const;
export type AttackStatus = (typeof attackStatuses)[number];
export const attackStatusSchema = z.enum(attackStatuses, { error: attackMessages.status });

export const attackStatusLabels: Record<AttackStatus, string> = {
  planned: "Geplant",
  due: "Fällig",
  sent: "Gesendet",
  failed: "Fehlgeschlagen",
  expired: "Abgelaufen",
  cancelled: "Abgebrochen",
};

export const ATTACK_PRIORITY_MIN = 1;
export const ATTACK_PRIORITY_MAX = 5;
/** The priority of an attack whose source does not give one (DS Workbench lines, the planner). */
export const ATTACK_PRIORITY_DEFAULT = 3;
export const attackPrioritySchema = z
  .number({ error: attackMessages.priority })
  .int(attackMessages.priority)
  .min(ATTACK_PRIORITY_MIN, attackMessages.priority)
  .max(ATTACK_PRIORITY_MAX, attackMessages.priority);

/**
 * Arrivals from 2000-01-01 to 2099-12-31 (Europe/Berlin): the span the game's two-digit-year time text
 * (DD.MM.YY) names unambiguously, so every text export reads back to the same instant.
 */
export const ARRIVAL_MIN_MS = Date.UTC(1999, 11, 31, 23, 0, 0, 0);
export const ARRIVAL_MAX_MS = Date.UTC(2099, 11, 31, 22, 59, 59, 999);
export const arrivalSchema = z
  .number({ error: attackMessages.arrival })
  .int(attackMessages.arrival)
  .min(ARRIVAL_MIN_MS, attackMessages.arrivalRange)
  .max(ARRIVAL_MAX_MS, attackMessages.arrivalRange);

/** Only the units with a count > 0, in the game's order (the form every schema here outputs). */
export function compactUnits(counts: UnitCounts): UnitCounts {
  const compact: UnitCounts = {};
  for (const unit of units) {
    const n = counts[unit] ?? 0;
    if (n > 0) compact[unit] = n;
  }
  return compact;
}

export function hasUnits(counts: UnitCounts): boolean {
  return units.some((unit) => (counts[unit] ?? 0) > 0);
}

// Every world's get_unit_info speed is the base speed × the same world factor, so the order of units by
// speed is the same on every world: schemas and imports can find the slowest unit without a world.
const baseSpeedTable: UnitSpeedTable = Object.fromEntries(units.map((unit) => [unit, { speed: baseUnitSpeeds[unit] }]));

/** The slowest unit with a count > 0 on any world (ram before catapult on a tie), or null. */
export function slowestUnitOnAnyWorld(counts: UnitCounts): Unit | null {
  return slowestUnit(counts, baseSpeedTable);
}

/** Whether two units walk equally fast (on every world), e.g. ram and catapult. */
export function sameSpeed(a: Unit, b: Unit): boolean {
  return baseUnitSpeeds[a] === baseUnitSpeeds[b];
}

/** Unit → count (the rules of unitCountsSchema), German for a wrong shape or an unknown unit; output compact. */
export const attackUnitsSchema = z
  .partialRecord(unitSchema, unitCountsSchema.valueType, {
    // zod reports unknown keys of a partial record as "unrecognized_keys", which its issue type omits.
    error: (issue) => {
      const keys = (issue as { keys?: string[] }).keys;
      return keys ? attackMessages.unknownUnits(keys) : attackMessages.unitsShape;
    },
  })
  .transform(compactUnits);

/** Unit → a DS Workbench formula worked out when the command is sent ("alle", "alle-100", "50%", …). */
export type UnitFormulas = Partial<Record<Unit, string>>;

/** The formulas of an attack: each must be one (game/troop-formula.ts) that depends on the village; output trimmed, in the game's order. */
export const unitFormulasSchema = z
  .partialRecord(
    unitSchema,
    z.string({ error: attackMessages.formulaShape }).superRefine((text, ctx) => {
      const parsed = parseTroopFormula(text.trim());
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
      else if (!parsed.dynamic) ctx.addIssue({ code: "custom", message: attackMessages.formulaConstant });
    }),
    {
      error: (issue) => {
        const keys = (issue as { keys?: string[] }).keys;
        return keys ? attackMessages.unknownUnits(keys) : attackMessages.formulaShape;
      },
    },
  )
  .transform((formulas): UnitFormulas | undefined => {
    const out: UnitFormulas = {};
    for (const unit of units) if (formulas[unit] !== undefined) out[unit] = (formulas[unit] as string).trim();
    return Object.keys(out).length > 0 ? out : undefined;
  });

/**
 * The units whose walk counts for the speed: those sent with a count and those with a formula (a formula
 * may send none, but the command is timed as if it sent some, as DS Workbench times it).
 */
export function timedUnits(counts: UnitCounts, formulas?: UnitFormulas | null): UnitCounts {
  if (!formulas) return counts;
  const out: UnitCounts = { ...counts };
  for (const unit of units) if (formulas[unit] !== undefined) out[unit] = Math.max(out[unit] ?? 0, 1);
  return out;
}

const attackFields = {
  from: coordInputSchema,
  to: coordInputSchema,
  type: attackTypeSchema,
  units: attackUnitsSchema,
  formulas: unitFormulasSchema.optional(),
  arrival: arrivalSchema,
  priority: attackPrioritySchema.default(ATTACK_PRIORITY_DEFAULT),
};

/**
 * The unit rules: at least one unit > 0 unless the unit is given, an explicit unit walks exactly as
 * fast as the slowest unit sent (the game times the command by its slowest unit, so anything else
 * would give a wrong send time), and start ≠ target.
 */
function checkAttack(
  value: { from: Coord; to: Coord; units: UnitCounts; formulas?: UnitFormulas | undefined; unit?: Unit | undefined },
  ctx: z.RefinementCtx,
): void {
  // zod runs this even when a field already failed (its value then is the raw input): check only
  // what parsed, the failed field has its own message.
  const unitsParsed =
    typeof value.units === "object" && value.units !== null && Object.values(value.units).every((n) => Number.isInteger(n) && n >= 0);
  const formulas = typeof value.formulas === "object" && value.formulas !== null ? value.formulas : undefined;
  const unit = value.unit && (units as readonly string[]).includes(value.unit) ? value.unit : undefined;
  if (unitsParsed && formulas) {
    const both = units.filter((u) => (value.units[u] ?? 0) > 0 && formulas[u] !== undefined);
    if (both.length > 0) ctx.addIssue({ code: "custom", path: ["formulas"], message: attackMessages.formulaAndCount(both.map((u) => unitLabels[u])) });
  }
  if (unitsParsed) {
    const slowest = slowestUnitOnAnyWorld(timedUnits(value.units, formulas));
    if (!slowest && value.unit === undefined) ctx.addIssue({ code: "custom", path: ["units"], message: attackMessages.noUnits });
    if (slowest && unit && !sameSpeed(slowest, unit)) {
      ctx.addIssue({ code: "custom", path: ["unit"], message: attackMessages.unitNotSlowest(unitLabels[slowest]) });
    }
  }
  if (isCoord(value.from) && isCoord(value.to) && value.from.x === value.to.x && value.from.y === value.to.y) {
    ctx.addIssue({ code: "custom", path: ["to"], message: attackMessages.sameVillage });
  }
}

const isCoord = (value: unknown): value is Coord =>
  typeof value === "object" && value !== null && typeof (value as Coord).x === "number" && typeof (value as Coord).y === "number";

/**
 * An attack as a user enters it (form and REST body): coordinates as `x|y`, the units sent, optionally
 * the unit that sets the speed (needed when no units are given), arrival in epoch ms, priority 1–5.
 */
export const attackInputSchema = z
  .object({ ...attackFields, unit: unitSchema.optional() }, { error: attackMessages.notObject })
  .superRefine(checkAttack);
export type AttackInput = z.output<typeof attackInputSchema>;

/**
 * What a DS Workbench line says that the fields above do not hold, so that it goes back unchanged
 * (formats/dswb.ts): its type symbol when it is not the one of `type` (-1 none, 4 spy, own symbols), its
 * unit field when the attack is timed by another unit, and its map and "Übertragen" flags when not
 * the defaults (true, false).
 */
export const dswbExtrasSchema = z.object({
  type: z.number().int().min(-2147483648).max(2147483647).optional(),
  unit: z.string().regex(/^[A-Za-z0-9_]{0,30}$/).optional(),
  showOnMap: z.boolean().optional(),
  transferred: z.boolean().optional(),
});
export type DswbExtras = z.output<typeof dswbExtrasSchema>;

/** An attack as the import/export formats carry it: the unit that sets the speed is always known. */
export const attackDataSchema = z
  .object({ ...attackFields, unit: unitSchema, dswb: dswbExtrasSchema.optional() }, { error: attackMessages.notObject })
  .superRefine(checkAttack);
export type AttackData = z.output<typeof attackDataSchema>;

const trainSpacingSchema = z
  .number({ error: attackMessages.trainSpacing(NOBLE_TRAIN_SPACING_MIN_MS, NOBLE_TRAIN_SPACING_MAX_MS) })
  .int(attackMessages.trainSpacing(NOBLE_TRAIN_SPACING_MIN_MS, NOBLE_TRAIN_SPACING_MAX_MS))
  .min(NOBLE_TRAIN_SPACING_MIN_MS, attackMessages.trainSpacing(NOBLE_TRAIN_SPACING_MIN_MS, NOBLE_TRAIN_SPACING_MAX_MS))
  .max(NOBLE_TRAIN_SPACING_MAX_MS, attackMessages.trainSpacing(NOBLE_TRAIN_SPACING_MIN_MS, NOBLE_TRAIN_SPACING_MAX_MS));

/**
 * A noble train as the form enters it: the fields of its nobles' attacks (type conquer, each
 * with at least one noble), how many nobles, the spacing of their arrivals and optionally the units of a
 * clearing attack that lands first. `arrival` is the train's first arrival (see `trainArrivals`).
 */
export const attackTrainSchema = z
  .object(
    {
      ...attackFields,
      unit: unitSchema.optional(),
      nobles: z
        .number({ error: attackMessages.trainNobles(NOBLE_TRAIN_MAX) })
        .int(attackMessages.trainNobles(NOBLE_TRAIN_MAX))
        .min(1, attackMessages.trainNobles(NOBLE_TRAIN_MAX))
        .max(NOBLE_TRAIN_MAX, attackMessages.trainNobles(NOBLE_TRAIN_MAX)),
      spacingMs: trainSpacingSchema.default(NOBLE_TRAIN_SPACING_DEFAULT_MS),
      clearUnits: attackUnitsSchema.optional(),
    },
    { error: attackMessages.notObject },
  )
  .superRefine((value, ctx) => {
    checkAttack(value, ctx);
    if (value.type !== "conquer") ctx.addIssue({ code: "custom", path: ["type"], message: attackMessages.trainType });
    if (typeof value.units === "object" && value.units !== null && ((value.units as UnitCounts).snob ?? 0) < 1) {
      ctx.addIssue({ code: "custom", path: ["units"], message: attackMessages.trainNoble });
    }
    if (value.clearUnits !== undefined && typeof value.clearUnits === "object" && !hasUnits(value.clearUnits)) {
      ctx.addIssue({ code: "custom", path: ["clearUnits"], message: attackMessages.trainClearUnits });
    }
  });
export type AttackTrainInput = z.output<typeof attackTrainSchema>;

/** One attack of a noble train: the clearing attack (type attack) first if there is one, then the nobles. */
export interface TrainArrival {
  type: "attack" | "conquer";
  /** Epoch ms. */
  arrival: number;
}

/** The arrivals of a train: the first at `arrival`, each next one `spacingMs` later. */
export function trainArrivals(input: { arrival: number; nobles: number; spacingMs: number; clear: boolean }): TrainArrival[] {
  const types: TrainArrival["type"][] = [...(input.clear ? (["attack"] as const) : []), ...Array.from({ length: input.nobles }, () => "conquer" as const)];
  return types.map((type, index) => ({ type, arrival: input.arrival + index * input.spacingMs }));
}

export interface AttackTimesInput {
  from: Coord;
  to: Coord;
  units: UnitCounts;
  /** The unit that sets the speed if given explicitly; else the slowest unit with a count > 0. */
  unit?: Unit | null;
  /** Epoch ms. */
  arrival: number;
  /** The world's unit info (its `speed` is minutes per field, used as is). */
  unitInfo: UnitSpeedTable;
  /** Support boost (Freundschaft 20 % → 0.2); only for supports. */
  boost?: number;
}

export interface AttackTimes {
  unit: Unit;
  travelSeconds: number;
  /** Epoch ms, milliseconds of the arrival kept. */
  sendTime: number;
}

/** The unit, travel time and send time of an attack on a world; a German RangeError without units. */
export function attackTimes(input: AttackTimesInput): AttackTimes {
  const unit = travelUnit(input.units, input.unitInfo, input.unit);
  if (!unit) throw new RangeError(attackMessages.noUnits);
  const travel = unitTravelSeconds(input.from, input.to, unit, input.unitInfo, input.boost ?? 0);
  return { unit, travelSeconds: travel, sendTime: sendTime(input.arrival, travel) };
}
