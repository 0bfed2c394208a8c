// Renamer: village names from a pattern and tags for incoming attacks.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const renamerPlaceholders = ["{K}", "{x}", "{y}", "{nr}"] as const;

const pattern = (fallback: string) =>
  z
    .string({ error: "Eingabe erforderlich" })
    .trim()
    .min(1, "Eingabe erforderlich")
    .max(32, "Höchstens 32 Zeichen (Limit des Spiels)")
    .default(fallback);

export const renamerModuleSchema = z.object({
  enabled: enabledField,
  renameVillages: z.boolean().default(true),
  villagePattern: pattern("{K} {nr}"),
  startNumber: intField(0, 99999, 1),
  numberDigits: intField(1, 6, 3),
  tagIncomings: z.boolean().default(true),
  incomingPattern: pattern("{unit} {arrival}"),
});
