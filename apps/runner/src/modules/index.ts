// The runner's module registry: one factory per module (fresh state per bot session), run in this
// order each round — the gates first (timer, relogin), then the rest in the dashboard's order (the
// template assigner moved before the builder).
import { moduleNames, type ModuleName } from "@dsbot/protocol";
import { createAttackPlannerScannerModule } from "./attack-planner-scanner.js";
import { createBuilderModule } from "./builder.js";
import { createCommandScannerModule } from "./command-scanner.js";
import { createDepotModule } from "./depot.js";
import { createInventoryModule } from "./inventory.js";
import { createMinterModule } from "./minter.js";
import type { BotModule } from "./module.js";
import { createRecruiterModule } from "./recruiter.js";
import { createReloginModule } from "./relogin.js";
import { createRenamerModule } from "./renamer.js";
import { createResearchModule } from "./research.js";
import { createRessmoverModule } from "./ressmover.js";
import { createScavengeModule } from "./scavenge.js";
import { createSimplefarmModule } from "./simplefarm.js";
import { createSnobbuilderModule } from "./snobbuilder.js";
import { createTemplateassignerModule } from "./templateassigner.js";
import { createTimerModule } from "./timer.js";
import { createVpbuilderModule } from "./vpbuilder.js";

export const moduleFactories: { [N in ModuleName]: () => BotModule<N> } = {
  timer: createTimerModule,
  renamer: createRenamerModule,
  "command-scanner": createCommandScannerModule,
  "attack-planner-scanner": createAttackPlannerScannerModule,
  relogin: createReloginModule,
  minter: createMinterModule,
  vpbuilder: createVpbuilderModule,
  snobbuilder: createSnobbuilderModule,
  ressmover: createRessmoverModule,
  builder: createBuilderModule,
  recruiter: createRecruiterModule,
  research: createResearchModule,
  templateassigner: createTemplateassignerModule,
  inventory: createInventoryModule,
  simplefarm: createSimplefarmModule,
  depot: createDepotModule,
  scavenge: createScavengeModule,
};

const gates: ModuleName[] = ["timer", "relogin"];
/** The gates first; the template assigner right before the builder, which follows its choice in the same round. */
export const moduleRunOrder: ModuleName[] = [...gates, ...moduleNames.filter((name) => !gates.includes(name) && name !== "templateassigner")].flatMap((name) =>
  name === "builder" ? (["templateassigner", "builder"] as const) : [name],
);

export type { BotModule, ModuleContext, ModuleOutcome, SessionControl } from "./module.js";
