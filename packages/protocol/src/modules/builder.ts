// Builder: keeps the construction queue filled from account-manager templates.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const builderTemplateModes = ["default", "per_village", "assigned"] as const;
export const builderTemplateModeLabels: Record<(typeof builderTemplateModes)[number], string> = {
  default: "Eine Vorlage für alle Dörfer",
  per_village: "Vorlage je Dorf",
  assigned: "Nach Vorlagenzuweiser",
};

export const builderModuleSchema = z
  .object({
    enabled: enabledField,
    queueLength: intField(1, 5, 2),
    templateMode: z.enum(builderTemplateModes, { error: "Ungültiger Wert" }).default("default"),
    defaultTemplateId: z.number().int().positive().nullable().default(null),
    villageTemplates: z
      .array(z.object({ villageId: z.number().int().positive(), templateId: z.number().int().positive() }))
      .max(5000)
      .default([]),
    farmSafetyPercent: intField(0, 50, 5),
    storageSafetyPercent: intField(0, 50, 10),
  })
  .refine((m) => !m.enabled || m.templateMode !== "default" || m.defaultTemplateId !== null, {
    message: "Eingabe erforderlich",
    path: ["defaultTemplateId"],
  });
