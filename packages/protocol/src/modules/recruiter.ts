// Rekrutierer: recruits towards unit targets per village in batches.
import { z } from "zod";
import { unitCountsSchema } from "../units.js";
import { enabledField, intField } from "./fields.js";

export const recruiterModuleSchema = z.object({
  enabled: enabledField,
  /** A target with villageId null applies to every village without its own target. */
  targets: z
    .array(z.object({ villageId: z.number().int().positive().nullable(), units: unitCountsSchema }))
    .max(5000)
    .default([{ villageId: null, units: { spear: 2000, sword: 2000 } }]),
  batchSize: intField(1, 1000, 50),
  keepPercent: intField(0, 100, 10),
});
