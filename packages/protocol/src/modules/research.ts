// Forschung: researches units in the smithy in the given order.
import { z } from "zod";
import { unitSchema } from "../units.js";
import { enabledField } from "./fields.js";

export const researchModuleSchema = z.object({
  enabled: enabledField,
  order: z
    .array(unitSchema)
    .max(12)
    .refine((list) => new Set(list).size === list.length, { message: "Jede Einheit nur einmal" })
    .default(["spear", "sword", "axe", "spy", "light", "heavy", "ram", "catapult"]),
});
