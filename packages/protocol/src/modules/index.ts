// The bot module registry: one entry per module with its route segment, German label and schema
// (label, description and icon come from catalog.ts, which the web app reads without zod).
// Runner behaviour lives next to the runner (apps/runner/src/modules), keyed by the same name.
import type { z } from "zod";
import { attackPlannerScannerModuleSchema } from "./attack-planner-scanner.js";
import { builderModuleSchema } from "./builder.js";
import { moduleCatalog, type ModuleInfo, type ModuleName } from "./catalog.js";
import { commandScannerModuleSchema } from "./command-scanner.js";
import { depotModuleSchema } from "./depot.js";
import { inventoryModuleSchema } from "./inventory.js";
import { minterModuleSchema } from "./minter.js";
import { recruiterModuleSchema } from "./recruiter.js";
import { reloginModuleSchema } from "./relogin.js";
import { renamerModuleSchema } from "./renamer.js";
import { researchModuleSchema } from "./research.js";
import { ressmoverModuleSchema } from "./ressmover.js";
import { scavengeModuleSchema } from "./scavenge.js";
import { simplefarmModuleSchema } from "./simplefarm.js";
import { snobbuilderModuleSchema } from "./snobbuilder.js";
import { templateassignerModuleSchema } from "./templateassigner.js";
import { timerModuleSchema } from "./timer.js";
import { vpbuilderModuleSchema } from "./vpbuilder.js";

interface ModuleMeta<S extends z.ZodType> extends ModuleInfo {
  schema: S;
}

/** A module's catalog entry (label, description, icon) with its schema. */
function define<S extends z.ZodType>(name: ModuleName, schema: S): ModuleMeta<S> {
  const info: ModuleInfo = moduleCatalog[name];
  return { ...info, schema };
}

/** Keyed by the route segment under /bots/{id}/, which is also the API's moduleName (see catalog.ts). */
export const moduleRegistry = {
  timer: define("timer", timerModuleSchema),
  renamer: define("renamer", renamerModuleSchema),
  "command-scanner": define("command-scanner", commandScannerModuleSchema),
  "attack-planner-scanner": define("attack-planner-scanner", attackPlannerScannerModuleSchema),
  relogin: define("relogin", reloginModuleSchema),
  minter: define("minter", minterModuleSchema),
  vpbuilder: define("vpbuilder", vpbuilderModuleSchema),
  snobbuilder: define("snobbuilder", snobbuilderModuleSchema),
  ressmover: define("ressmover", ressmoverModuleSchema),
  builder: define("builder", builderModuleSchema),
  recruiter: define("recruiter", recruiterModuleSchema),
  research: define("research", researchModuleSchema),
  templateassigner: define("templateassigner", templateassignerModuleSchema),
  inventory: define("inventory", inventoryModuleSchema),
  simplefarm: define("simplefarm", simplefarmModuleSchema),
  depot: define("depot", depotModuleSchema),
  scavenge: define("scavenge", scavengeModuleSchema),
} as const satisfies { [N in ModuleName]: ModuleMeta<z.ZodType> };

export { isModuleName, moduleCatalog, moduleNames, type ModuleInfo, type ModuleName } from "./catalog.js";
export type ModuleConfig<N extends ModuleName> = z.infer<(typeof moduleRegistry)[N]["schema"]>;

/** The defaults of a module: its schema applied to an empty object. */
export function moduleDefaults<N extends ModuleName>(name: N): ModuleConfig<N> {
  return moduleRegistry[name].schema.parse({}) as ModuleConfig<N>;
}

export * from "./timer.js";
export * from "./renamer.js";
export * from "./command-scanner.js";
export * from "./attack-planner-scanner.js";
export * from "./relogin.js";
export * from "./minter.js";
export * from "./vpbuilder.js";
export * from "./snobbuilder.js";
export * from "./ressmover.js";
export * from "./builder.js";
export * from "./recruiter.js";
export * from "./research.js";
export * from "./templateassigner.js";
export * from "./inventory.js";
export * from "./simplefarm.js";
export * from "./depot.js";
export * from "./scavenge.js";
