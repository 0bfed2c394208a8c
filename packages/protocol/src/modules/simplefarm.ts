// SimpleFarmAssistant: farms barbarian and small villages with two unit templates.
import { z } from "zod";
import { unitCountsSchema } from "../units.js";
import { enabledField, intField } from "./fields.js";

export const simplefarmModuleSchema = z
  .object({
    enabled: enabledField,
    templateA: unitCountsSchema.default({ light: 5 }),
    templateB: unitCountsSchema.default({ light: 10 }),
    radius: intField(1, 100, 15),
    minPoints: intField(0, 15000, 26),
    maxPoints: intField(0, 15000, 3000),
    barbariansOnly: z.boolean().default(true),
    skipOnLosses: z.boolean().default(true),
    maxPerRun: intField(1, 1000, 50),
    intervalMinutes: intField(1, 1440, 20),
  })
  .refine((m) => m.minPoints <= m.maxPoints, { message: "Minimum größer als Maximum", path: ["maxPoints"] });
