// Münzer: mints gold coins in the noble academy while keeping a resource reserve.
import { z } from "zod";
import { enabledField, intField, resourceAmountsField, villageIdsField } from "./fields.js";

export const minterModuleSchema = z.object({
  enabled: enabledField,
  villageIds: villageIdsField,
  keep: resourceAmountsField(10000),
  coinsPerRun: intField(1, 1000, 10),
});
