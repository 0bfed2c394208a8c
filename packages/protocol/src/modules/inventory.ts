// Inventur: scans troops, buildings and resources of every village for the dashboard.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const inventoryModuleSchema = z
  .object({
    enabled: enabledField,
    scanTroops: z.boolean().default(true),
    scanBuildings: z.boolean().default(true),
    scanResources: z.boolean().default(true),
    intervalMinutes: intField(1, 1440, 15),
  })
  .refine((m) => m.scanTroops || m.scanBuildings || m.scanResources, {
    message: "Mindestens eine Inventur muss aktiv sein",
    path: ["scanTroops"],
  });
