// The bot modules as the route table and the sidebar need them: route segment, German label,
// description and icon, without their schemas (no zod), so the web app's first page can read them.
// modules/index.ts adds each module's schema to form the registry.

export interface ModuleInfo {
  label: string;
  description: string;
  /** Name of a tabler icon; unknown names fall back to a default icon. */
  icon: string;
}

/** Keyed by the route segment under /bots/{id}/, which is also the API's moduleName. */
export const moduleCatalog = {
  timer: { label: "Timer", description: "Aktive Zeiten je Wochentag und zufällige Pausen.", icon: "IconClock" },
  renamer: { label: "Umbenenner", description: "Dorfnamen nach Muster und Markierung eingehender Angriffe.", icon: "IconTag" },
  "command-scanner": { label: "Auge", description: "Scannt eingehende und ausgehende Befehle.", icon: "IconEye" },
  "attack-planner-scanner": { label: "Offplaner Scanner", description: "Führt Angriffe aus Angriffsplänen zur Abschickzeit aus.", icon: "IconTarget" },
  relogin: { label: "Relogin", description: "Meldet den Bot nach einem Sitzungsverlust wieder an.", icon: "IconLogin" },
  minter: { label: "Münzer", description: "Prägt Goldmünzen und behält eine Rohstoffreserve.", icon: "IconCoin" },
  vpbuilder: { label: "VP-Builder", description: "Baut Rohstoffpakete auf Paketwelten.", icon: "IconPackage" },
  snobbuilder: { label: "AG-Builder", description: "Bildet Adelsgeschlechter bis zur Zielanzahl aus.", icon: "IconCrown" },
  ressmover: { label: "Rohstoffverteiler", description: "Gleicht Rohstoffe aus oder sendet sie an ein Zieldorf.", icon: "IconTruck" },
  builder: { label: "Builder", description: "Hält die Bauschleife nach Vorlagen gefüllt.", icon: "IconBuildingCastle" },
  recruiter: { label: "Rekrutierer", description: "Rekrutiert Truppen bis zu den Zielwerten je Dorf.", icon: "IconSwords" },
  research: { label: "Forschung", description: "Erforscht Einheiten in der Schmiede in fester Reihenfolge.", icon: "IconFlask" },
  templateassigner: { label: "Vorlagenzuweiser", description: "Weist Dörfern Bauvorlagen nach Gruppe und Typ zu.", icon: "IconListCheck" },
  inventory: { label: "Inventur", description: "Erfasst Truppen, Gebäude und Rohstoffe aller Dörfer.", icon: "IconClipboardList" },
  simplefarm: { label: "SimpleFarmAssistant", description: "Farmt Barbarendörfer mit zwei Vorlagen.", icon: "IconTractor" },
  depot: { label: "Premium Depot", description: "Verkauft Rohstoffüberschüsse gegen Premiumpunkte.", icon: "IconBuildingWarehouse" },
  scavenge: { label: "Raubzug", description: "Schickt Truppen auf Raubzüge und startet sie bei ihrer Rückkehr neu.", icon: "IconShovel" },
} as const satisfies Record<string, ModuleInfo>;

export type ModuleName = keyof typeof moduleCatalog;
/** Every module in registry order. */
export const moduleNames = Object.keys(moduleCatalog) as ModuleName[];

export function isModuleName(value: string): value is ModuleName {
  return Object.hasOwn(moduleCatalog, value);
}
