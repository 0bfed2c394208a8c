// VP-Builder: builds resource packages on package worlds while keeping a reserve.
import { z } from "zod";
import { enabledField, intField, resourceAmountsField, villageIdsField } from "./fields.js";

export const vpbuilderModuleSchema = z.object({
  enabled: enabledField,
  villageIds: villageIdsField,
  keep: resourceAmountsField(10000),
  packagesPerRun: intField(1, 1000, 10),
});
