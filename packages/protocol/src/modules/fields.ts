// Field builders shared by the module schemas: German messages, sensible bounds, defaults.
import { z } from "zod";
import { resources } from "../units.js";

const numberError = "Bitte gib eine gültige Zahl ein";

/** A whole number within [min, max] with a default; messages in German. */
export function intField(min: number, max: number, fallback: number) {
  return z
    .number({ error: numberError })
    .int("Nur ganze Zahlen")
    .min(min, `Mindestens ${min}`)
    .max(max, `Höchstens ${max}`)
    .default(fallback);
}

export const enabledField = z.boolean().default(false);

/** Village ids a module is limited to; empty means every village of the bot. */
export const villageIdsField = z
  .array(z.number().int().positive(), { error: "Ungültige Dorfliste" })
  .max(5000, "Höchstens 5000 Dörfer")
  .default([]);

/** An amount per resource (wood, stone, iron). */
export function resourceAmountsField(fallback: number, max = 10_000_000) {
  const shape = Object.fromEntries(resources.map((r) => [r, intField(0, max, fallback)])) as Record<
    (typeof resources)[number],
    ReturnType<typeof intField>
  >;
  return z.object(shape).prefault({});
}

/** "HH:mm" on a 24-hour clock. */
export const timeOfDayField = (fallback: string) =>
  z
    .string({ error: "Ungültige Uhrzeit" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Uhrzeit im Format HH:mm")
    .default(fallback);
