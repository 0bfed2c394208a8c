// The attack form: its values (coordinates and the arrival as text, with the occurrence chosen when it
// lies in the repeated autumn hour), the checks (the protocol's attackInputSchema, or attackTrainSchema
// for a noble train, on the body the form sends, plus the arrival text) and the REST bodies.
import type { Attack, AttackType, RepeatedHour, Unit } from "@dsbot/protocol";
import {
  ATTACK_PRIORITY_DEFAULT,
  attackInputSchema,
  attackMessages,
  attackTrainSchema,
  attackTypeSchema,
  compactUnits,
  hasUnits,
  repeatedHours,
  timedUnits,
  NOBLE_TRAIN_SPACING_DEFAULT_MS,
} from "@dsbot/protocol";
import { z } from "zod";
import type { AttackBody, AttackTrainBody } from "../api/attacks-api";
import { inputTimeOf, parseInputTime } from "../lib/times";
import { formulasOf } from "../lib/units";

export const attackFormFields = ["from", "to", "type", "units", "formulas", "unit", "arrival", "priority", "nobles", "spacingMs", "clearUnits"] as const;
export type AttackFormField = (typeof attackFormFields)[number];

export interface AttackFormValues {
  from: string;
  to: string;
  type: AttackType;
  units: Partial<Record<Unit, number>>;
  /** DS Workbench formulas by unit ("alle-100"), as typed; blank = none. */
  formulas: Partial<Record<Unit, string>>;
  /** "" = the slowest unit sent. */
  unit: Unit | "";
  /** DD.MM.YYYY HH:mm:ss:SSS in the zone of the plan's world. */
  arrival: string;
  /** Which occurrence `arrival` means when it lies in the repeated autumn hour; null/absent: not chosen (the arrival is refused). */
  repeatedHour?: RepeatedHour | null;
  priority: number;
  /** Noble train (new conquer attacks only): nobles, the spacing of their arrivals, a clearing attack first. */
  nobles: number;
  spacingMs: number;
  withClear: boolean;
  clearUnits: Partial<Record<Unit, number>>;
}

/** Whether the values ask for a noble train (more than one noble, or a clearing attack first). */
export function isTrain(values: Pick<AttackFormValues, "type" | "nobles" | "withClear">): boolean {
  return values.type === "conquer" && (values.nobles > 1 || values.withClear);
}

/** The REST body of a noble train (POST …/attacks/train). */
export function toTrainBody(values: AttackFormValues, zone: string): AttackTrainBody {
  return {
    ...toAttackBody(values, zone),
    nobles: values.nobles,
    spacingMs: values.spacingMs,
    ...(values.withClear ? { clearUnits: compactUnits(values.clearUnits) } : {}),
  };
}

/** The REST body of the values; `arrival` NaN when its text does not parse. */
export function toAttackBody(values: AttackFormValues, zone: string): AttackBody {
  const arrival = parseInputTime(values.arrival, zone, values.repeatedHour);
  const body: AttackBody = {
    from: values.from.trim(),
    to: values.to.trim(),
    type: values.type,
    units: compactUnits(values.units),
    arrival: arrival.ok ? arrival.value : Number.NaN,
    priority: values.priority,
  };
  const formulas = formulasOf(values.formulas);
  if (formulas) body.formulas = formulas;
  if (values.unit) body.unit = values.unit;
  return body;
}

/** The form's checks, the arrival read in the zone of the plan's world. */
export const attackFormSchema = (zone: string) =>
  z
    .object({
      from: z.string(),
      to: z.string(),
      type: attackTypeSchema,
      units: z.record(z.string(), z.number()),
      formulas: z.record(z.string(), z.string()),
      unit: z.string(),
      arrival: z.string(),
      repeatedHour: z.enum(repeatedHours).nullish(),
      priority: z.number(),
      nobles: z.number(),
      spacingMs: z.number(),
      withClear: z.boolean(),
      clearUnits: z.record(z.string(), z.number()),
    })
    .superRefine((values, ctx) => {
      const arrival = parseInputTime(values.arrival, zone, values.repeatedHour);
      if (!arrival.ok) ctx.addIssue({ code: "custom", path: ["arrival"], message: arrival.error });
      const seen = new Set<string>(arrival.ok ? [] : ["arrival"]);
      // The protocol checks the units only once the villages parse; say it at once.
      if (!hasUnits(values.units) && !formulasOf(values.formulas as AttackFormValues["formulas"]) && !values.unit) {
        ctx.addIssue({ code: "custom", path: ["units"], message: attackMessages.noUnits });
        seen.add("units");
      }
      const form = values as AttackFormValues;
      const parsed = isTrain(form) ? attackTrainSchema.safeParse(toTrainBody(form, zone)) : attackInputSchema.safeParse(toAttackBody(form, zone));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (!(attackFormFields as readonly string[]).includes(field) || seen.has(field)) continue;
        seen.add(field);
        ctx.addIssue({ code: "custom", path: [field], message: issue.message });
      }
    });

const noTrain = { nobles: 1, spacingMs: NOBLE_TRAIN_SPACING_DEFAULT_MS, withClear: false, clearUnits: {} };

/** A new attack arrives in an hour (whole seconds) by default. */
export function emptyAttackForm(zone: string, now = Date.now()): AttackFormValues {
  const arrival = inputTimeOf(Math.ceil((now + 3_600_000) / 1000) * 1000, zone);
  return { from: "", to: "", type: "attack", units: {}, formulas: {}, unit: "", arrival: arrival.text, repeatedHour: arrival.repeatedHour, priority: ATTACK_PRIORITY_DEFAULT, ...noTrain };
}

export function attackFormValues(attack: Attack, zone: string): AttackFormValues {
  const units = attack.units as Partial<Record<Unit, number>>;
  const arrival = inputTimeOf(attack.arrivalTime, zone);
  return {
    from: attack.startVillage.coordinates,
    to: attack.targetVillage.coordinates,
    type: attack.type,
    units: { ...units },
    formulas: { ...(attack.formulas as Partial<Record<Unit, string>> | undefined) },
    unit: hasUnits(timedUnits(units, formulasOf(attack.formulas))) ? "" : attack.unit,
    arrival: arrival.text,
    repeatedHour: arrival.repeatedHour,
    priority: attack.priority,
    ...noTrain,
  };
}
