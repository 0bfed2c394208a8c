// The bot module registry: one entry per module with its route segment, German label and schema.
// Runner behaviour lives next to the runner (apps/runner/src/modules), keyed by the same name.
import type { z } from "zod";
import { attackPlannerScannerModuleSchema } from "./attack-planner-scanner.js";
import { builderModuleSchema } from "./builder.js";
import { commandScannerModuleSchema } from "./command-scanner.js";
import { depotModuleSchema } from "./depot.js";
import { inventoryModuleSchema } from "./inventory.js";
import { minterModuleSchema } from "./minter.js";
import { recruiterModuleSchema } from "./recruiter.js";
import { reloginModuleSchema } from "./relogin.js";
import { renamerModuleSchema } from "./renamer.js";
import { researchModuleSchema } from "./research.js";
import { ressmoverModuleSchema } from "./ressmover.js";
import { simplefarmModuleSchema } from "./simplefarm.js";
import { snobbuilderModuleSchema } from "./snobbuilder.js";
import { templateassignerModuleSchema } from "./templateassigner.js";
import { timerModuleSchema } from "./timer.js";
import { vpbuilderModuleSchema } from "./vpbuilder.js";

interface ModuleMeta<S extends z.ZodType> {
  label: string;
  description: string;
  /** Name of a tabler icon; unknown names fall back to a default icon. */
  icon: string;
  schema: S;
}

function define<S extends z.ZodType>(meta: ModuleMeta<S>): ModuleMeta<S> {
  return meta;
}

/** Keyed by the route segment under /bots/{id}/, which is also the API's moduleName. */
export const moduleRegistry = {
  timer: define({ label: "Timer", description: "Aktive Zeiten je Wochentag und zufällige Pausen.", icon: "IconClock", schema: timerModuleSchema }),
  renamer: define({ label: "Umbenenner", description: "Dorfnamen nach Muster und Markierung eingehender Angriffe.", icon: "IconTag", schema: renamerModuleSchema }),
  "command-scanner": define({ label: "Auge", description: "Scannt eingehende und ausgehende Befehle.", icon: "IconEye", schema: commandScannerModuleSchema }),
  "attack-planner-scanner": define({ label: "Offplaner Scanner", description: "Führt Angriffe aus Angriffsplänen zur Abschickzeit aus.", icon: "IconTarget", schema: attackPlannerScannerModuleSchema }),
  relogin: define({ label: "Relogin", description: "Meldet den Bot nach einem Sitzungsverlust wieder an.", icon: "IconLogin", schema: reloginModuleSchema }),
  minter: define({ label: "Münzer", description: "Prägt Goldmünzen und behält eine Rohstoffreserve.", icon: "IconCoin", schema: minterModuleSchema }),
  vpbuilder: define({ label: "VP-Builder", description: "Baut Rohstoffpakete auf Paketwelten.", icon: "IconPackage", schema: vpbuilderModuleSchema }),
  snobbuilder: define({ label: "AG-Builder", description: "Bildet Adelsgeschlechter bis zur Zielanzahl aus.", icon: "IconCrown", schema: snobbuilderModuleSchema }),
  ressmover: define({ label: "Rohstoffverteiler", description: "Gleicht Rohstoffe aus oder sendet sie an ein Zieldorf.", icon: "IconTruck", schema: ressmoverModuleSchema }),
  builder: define({ label: "Builder", description: "Hält die Bauschleife nach Vorlagen gefüllt.", icon: "IconBuildingCastle", schema: builderModuleSchema }),
  recruiter: define({ label: "Rekrutierer", description: "Rekrutiert Truppen bis zu den Zielwerten je Dorf.", icon: "IconSwords", schema: recruiterModuleSchema }),
  research: define({ label: "Forschung", description: "Erforscht Einheiten in der Schmiede in fester Reihenfolge.", icon: "IconFlask", schema: researchModuleSchema }),
  templateassigner: define({ label: "Vorlagenzuweiser", description: "Weist Dörfern Bauvorlagen nach Gruppe und Typ zu.", icon: "IconListCheck", schema: templateassignerModuleSchema }),
  inventory: define({ label: "Inventur", description: "Erfasst Truppen, Gebäude und Rohstoffe aller Dörfer.", icon: "IconClipboardList", schema: inventoryModuleSchema }),
  simplefarm: define({ label: "SimpleFarmAssistant", description: "Farmt Barbarendörfer mit zwei Vorlagen.", icon: "IconTractor", schema: simplefarmModuleSchema }),
  depot: define({ label: "Premium Depot", description: "Verkauft Rohstoffüberschüsse gegen Premiumpunkte.", icon: "IconBuildingWarehouse", schema: depotModuleSchema }),
} as const;

export type ModuleName = keyof typeof moduleRegistry;
export const moduleNames = Object.keys(moduleRegistry) as ModuleName[];
export type ModuleConfig<N extends ModuleName> = z.infer<(typeof moduleRegistry)[N]["schema"]>;

export function isModuleName(value: string): value is ModuleName {
  return Object.hasOwn(moduleRegistry, value);
}

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
