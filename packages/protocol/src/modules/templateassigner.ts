// Vorlagenzuweiser: assigns build templates to villages by group and village type.
import { z } from "zod";
import { text } from "../validation.js";
import { enabledField } from "./fields.js";

export const villageTypes = ["any", "off", "def", "mixed"] as const;
export const villageTypeLabels: Record<(typeof villageTypes)[number], string> = {
  any: "Alle",
  off: "Off",
  def: "Def",
  mixed: "Gemischt",
};

export const templateassignerModuleSchema = z.object({
  enabled: enabledField,
  rules: z
    .array(
      z.object({
        group: text().trim().max(50, "Höchstens 50 Zeichen").default(""),
        villageType: z.enum(villageTypes, { error: "Ungültiger Wert" }).default("any"),
        templateId: z.number({ error: "Eingabe erforderlich" }).int().positive("Eingabe erforderlich"),
      }),
    )
    .max(100, "Höchstens 100 Regeln")
    .default([]),
});
