// The attack form: its values (coordinates and the arrival as text), the checks (the protocol's
// attackInputSchema on the body the form sends, plus the arrival text) and the REST body.
import type { Attack, AttackType, Unit } from "@dsbot/protocol";
import { ATTACK_PRIORITY_DEFAULT, attackInputSchema, attackMessages, attackTypeSchema, compactUnits, hasUnits } from "@dsbot/protocol";
import { z } from "zod";
import type { AttackBody } from "../api/attacks-api";
import { formatInputTime, parseInputTime } from "../lib/times";

export const attackFormFields = ["from", "to", "type", "units", "unit", "arrival", "priority"] as const;
export type AttackFormField = (typeof attackFormFields)[number];

export interface AttackFormValues {
  from: string;
  to: string;
  type: AttackType;
  units: Partial<Record<Unit, number>>;
  /** "" = the slowest unit sent. */
  unit: Unit | "";
  /** DD.MM.YYYY HH:mm:ss:SSS, Europe/Berlin. */
  arrival: string;
  priority: number;
}

/** The REST body of the values; `arrival` NaN when its text does not parse. */
export function toAttackBody(values: AttackFormValues): AttackBody {
  const arrival = parseInputTime(values.arrival);
  const body: AttackBody = {
    from: values.from.trim(),
    to: values.to.trim(),
    type: values.type,
    units: compactUnits(values.units),
    arrival: arrival.ok ? arrival.value : Number.NaN,
    priority: values.priority,
  };
  if (values.unit) body.unit = values.unit;
  return body;
}

export const attackFormSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    type: attackTypeSchema,
    units: z.record(z.string(), z.number()),
    unit: z.string(),
    arrival: z.string(),
    priority: z.number(),
  })
  .superRefine((values, ctx) => {
    const arrival = parseInputTime(values.arrival);
    if (!arrival.ok) ctx.addIssue({ code: "custom", path: ["arrival"], message: arrival.error });
    const seen = new Set<string>(arrival.ok ? [] : ["arrival"]);
    // The protocol checks the units only once the villages parse; say it at once.
    if (!hasUnits(values.units) && !values.unit) {
      ctx.addIssue({ code: "custom", path: ["units"], message: attackMessages.noUnits });
      seen.add("units");
    }
    const parsed = attackInputSchema.safeParse(toAttackBody(values as AttackFormValues));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (!(attackFormFields as readonly string[]).includes(field) || seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    }
  });

/** A new attack arrives in an hour (whole seconds) by default. */
export function emptyAttackForm(now = Date.now()): AttackFormValues {
  const arrival = Math.ceil((now + 3_600_000) / 1000) * 1000;
  return { from: "", to: "", type: "attack", units: {}, unit: "", arrival: formatInputTime(arrival), priority: ATTACK_PRIORITY_DEFAULT };
}

export function attackFormValues(attack: Attack): AttackFormValues {
  const units = attack.units as Partial<Record<Unit, number>>;
  return {
    from: attack.startVillage.coordinates,
    to: attack.targetVillage.coordinates,
    type: attack.type,
    units: { ...units },
    unit: hasUnits(units) ? "" : attack.unit,
    arrival: formatInputTime(attack.arrivalTime),
    priority: attack.priority,
  };
}
