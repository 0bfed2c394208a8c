// German labels of the module form fields (the schema keys are English) and of enum options.
// Lookup: module-specific dotted path (array indexes removed) → shared key → the key itself.
import {
  builderTemplateModeLabels,
  captchaPolicyLabels,
  missingUnitsPolicyLabels,
  renamerPlaceholders,
  resourceLabels,
  ressmoverModeLabels,
  scavengeMeasureLabels,
  unitLabels,
  villageTypeLabels,
  weekdayLabels,
  type ModuleName,
} from "@dsbot/protocol";

const sharedLabels: Record<string, string> = {
  enabled: "Aktiv",
  villageIds: "Dörfer (IDs)",
  keep: "Behalten",
  intervalMinutes: "Intervall (Minuten)",
  intervalSeconds: "Intervall (Sekunden)",
  keepPercent: "Reserve (%)",
  villageId: "Dorf-ID",
  templateId: "Vorlage",
  ...resourceLabels,
  ...weekdayLabels,
  ...unitLabels,
};

const moduleLabels: Partial<Record<ModuleName, Record<string, string>>> = {
  timer: {
    days: "Aktive Zeiten je Wochentag",
    active: "Aktiv",
    from: "Von (HH:mm)",
    to: "Bis (HH:mm)",
    breaks: "Zufällige Pausen",
    "breaks.enabled": "Pausen einlegen",
    "breaks.everyMinutesMin": "Pause alle (min., Minuten)",
    "breaks.everyMinutesMax": "Pause alle (max., Minuten)",
    "breaks.lengthMinutesMin": "Pausenlänge (min., Minuten)",
    "breaks.lengthMinutesMax": "Pausenlänge (max., Minuten)",
  },
  renamer: {
    renameVillages: "Dörfer umbenennen",
    villagePattern: "Dorfname-Muster",
    startNumber: "Startnummer",
    numberDigits: "Stellen der Nummer",
    tagIncomings: "Eingehende Angriffe markieren",
    incomingPattern: "Muster für Angriffe",
  },
  "command-scanner": {
    scanIncomings: "Eingehende Befehle scannen",
    scanOutgoing: "Ausgehende Befehle scannen",
    notifyOnNobles: "Bei Adelsgeschlechtern benachrichtigen",
  },
  "attack-planner-scanner": {
    attackPlanIds: "Angriffspläne",
    sendOffsetMs: "Abschick-Versatz (ms)",
    leadTimeSeconds: "Vorlaufzeit (Sekunden)",
    onMissingUnits: "Bei fehlenden Truppen",
  },
  relogin: {
    retryIntervalSeconds: "Wiederholen alle (Sekunden)",
    maxTries: "Maximale Versuche",
    onCaptcha: "Bei Captcha",
  },
  minter: { coinsPerRun: "Münzen pro Durchlauf" },
  vpbuilder: { packagesPerRun: "Pakete pro Durchlauf" },
  snobbuilder: { targetNobles: "Ziel: Adelsgeschlechter" },
  ressmover: {
    mode: "Modus",
    targetVillageId: "Zieldorf-ID",
    keepPercent: "Reserve im Dorf (%)",
    merchantLimit: "Händler-Limit",
  },
  builder: {
    queueLength: "Länge der Bauschleife",
    templateMode: "Vorlagenmodus",
    defaultTemplateId: "Standardvorlage",
    villageTemplates: "Vorlage je Dorf",
    farmSafetyPercent: "Bauernhof-Reserve (%)",
    storageSafetyPercent: "Speicher-Reserve (%)",
  },
  recruiter: {
    targets: "Truppenziele",
    "targets.villageId": "Dorf-ID (leer = alle übrigen)",
    "targets.villageType": "Für Dörfer der Klasse (ohne Dorf)",
    "targets.units": "Einheiten",
    batchSize: "Paketgröße",
    keepPercent: "Rohstoff-Reserve (%)",
  },
  research: { order: "Reihenfolge" },
  templateassigner: {
    rules: "Regeln",
    group: "Gruppe",
    villageType: "Dorftyp",
  },
  inventory: {
    scanTroops: "Truppen erfassen",
    scanBuildings: "Gebäude erfassen",
    scanResources: "Rohstoffe erfassen",
  },
  simplefarm: {
    templateA: "Vorlage A",
    templateB: "Vorlage B",
    radius: "Radius (Felder)",
    minPoints: "Mindestpunkte",
    maxPoints: "Höchstpunkte",
    barbariansOnly: "Nur Barbarendörfer",
    skipOnLosses: "Bei Verlusten überspringen",
    maxPerRun: "Angriffe pro Durchlauf",
  },
  depot: {
    sellThreshold: "Verkaufen ab",
    keep: "Behalten",
    dailyLimit: "Tageslimit (Premiumpunkte)",
  },
  scavenge: {
    measure: "Ziel",
    maxMinutes: "Höchstdauer eines Raubzugs (Minuten)",
    keepHome: "Zuhause behalten (je Einheit)",
    keepPercent: "Zuhause behalten (%)",
    unlock: "Optionen freischalten, wenn bezahlbar",
    keep: "Rohstoffe behalten (beim Freischalten)",
  },
};

const optionLabels: Record<string, string> = {
  ...missingUnitsPolicyLabels,
  ...captchaPolicyLabels,
  ...ressmoverModeLabels,
  ...scavengeMeasureLabels,
  ...builderTemplateModeLabels,
  ...villageTypeLabels,
  ...unitLabels,
};

/** "targets.0.villageId" → "targets.villageId". */
function labelPath(path: string): string {
  return path
    .split(".")
    .filter((part) => !/^\d+$/.test(part))
    .join(".");
}

export function fieldLabel(module: ModuleName, path: string): string {
  const clean = labelPath(path);
  const key = clean.split(".").at(-1) ?? clean;
  const own = moduleLabels[module];
  return own?.[clean] ?? own?.[key] ?? sharedLabels[key] ?? key;
}

export function optionLabel(value: string): string {
  return optionLabels[value] ?? value;
}

/** "Platzhalter: {K}, {x}, …" from the protocol's list, so the hint and the check cannot drift. */
const placeholderHint = (placeholders: readonly string[]) => `Platzhalter: ${placeholders.join(", ")}`;

/** Extra hints under some inputs. */
export const fieldDescriptions: Record<string, string> = {
  villageIds: "Leer = alle Dörfer des Bots",
  attackPlanIds: "Leer = keiner. Zur Wahl stehen die Pläne auf der Welt des Bots, die du und der Besitzer des Bots bearbeiten dürft.",
  villageType: "Off, Def oder Gemischt nach den Truppen des Dorfes (wie auf der Seite Truppen); Alle = jede Klasse.",
  villagePattern: placeholderHint(renamerPlaceholders.villagePattern),
  incomingPattern: placeholderHint(renamerPlaceholders.incomingPattern),
  maxMinutes: "Jeder Raubzug ist bis dahin zurück. Truppen, die ein geplanter Angriff vorher braucht, bleiben zu Hause.",
};
