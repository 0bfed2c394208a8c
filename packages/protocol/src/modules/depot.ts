// Premium Depot: sells resources above a threshold for premium points.
import { z } from "zod";
import { enabledField, intField, resourceAmountsField } from "./fields.js";

export const depotModuleSchema = z.object({
  enabled: enabledField,
  sellThreshold: resourceAmountsField(25000),
  keep: resourceAmountsField(15000),
  dailyLimit: intField(0, 100000, 500),
});
