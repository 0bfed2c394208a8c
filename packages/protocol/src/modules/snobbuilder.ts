// AG-Builder: trains noblemen until each village has its target count.
import { z } from "zod";
import { enabledField, intField, villageIdsField } from "./fields.js";

export const snobbuilderModuleSchema = z.object({
  enabled: enabledField,
  villageIds: villageIdsField,
  targetNobles: intField(0, 50, 4),
});
