// Rohstoffverteiler: balances resources between villages or ships them to one target.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const ressmoverModes = ["balance", "to_target"] as const;
export const ressmoverModeLabels: Record<(typeof ressmoverModes)[number], string> = {
  balance: "Ausgleichen",
  to_target: "An Zieldorf senden",
};

export const ressmoverModuleSchema = z
  .object({
    enabled: enabledField,
    mode: z.enum(ressmoverModes, { error: "Ungültiger Wert" }).default("balance"),
    targetVillageId: z.number().int().positive().nullable().default(null),
    keepPercent: intField(0, 100, 20),
    merchantLimit: intField(0, 500, 50),
  })
  .refine((m) => m.mode !== "to_target" || m.targetVillageId !== null, {
    message: "Eingabe erforderlich",
    path: ["targetVillageId"],
  });
