// The planner's words for what it plans: attacks, or for "Verteidigen" on Eingehende Angriffe supports
// ("Unterstützung", "Unterstützer", "Unterstützungen"), so a player defending never reads "Angriff".
import { plannerMessages } from "@dsbot/protocol";
import { attackPlanTexts as texts } from "./texts";

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** "Kalle", "Kalle und Zora", "Kalle, Zora und Bruno". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} und ${names[names.length - 1]}`;
}

export interface PlannerWords {
  title: string;
  attackers: string;
  previewCount: (n: number) => string;
  previewLabel: string;
  previewEmpty: string;
  attackerSummary: (villages: number, scanned: number) => string;
  noVillageCanSend: (type: string) => string;
  unserved: string;
  saved: (n: number) => string;
  /** The map legend's sending villages. */
  mapAttackers: string;
  /** The planner's reason for what it could not plan, in these words. */
  reason: (reason: string) => string;
}

/** The planner's reasons for a support it could not plan, said of the user's bots (one support each). */
const defendReasons: Record<string, string> = {
  [plannerMessages.late]: "Die übrigen Bots haben kein Dorf, dessen Unterstützung mit einer Minute Vorlauf noch rechtzeitig ankommt.",
  [plannerMessages.troops]: "Die übrigen Bots haben kein Dorf mit genug Truppen für die Vorlage (laut letztem Scan).",
  [plannerMessages.used]: "Jeder Bot schickt eine Unterstützung; die übrigen haben kein passendes Dorf.",
};

export const plannerWords: Record<"attack" | "defend", PlannerWords> = {
  attack: {
    title: texts.plannerTitle,
    attackers: texts.attackers,
    previewCount: texts.previewCount,
    previewLabel: texts.previewLabel,
    previewEmpty: texts.previewEmpty,
    attackerSummary: texts.attackerSummary,
    noVillageCanSend: texts.noVillageCanSend,
    unserved: texts.unserved,
    saved: texts.plannerSaved,
    mapAttackers: texts.previewMapAttackers,
    reason: (reason) => reason,
  },
  defend: {
    title: "Unterstützung planen",
    attackers: "Unterstützer",
    previewCount: (n) => `${plural(n, "Unterstützung", "Unterstützungen")} geplant`,
    previewLabel: "Vorschau der geplanten Unterstützungen",
    previewEmpty: "Keine Unterstützung geplant.",
    attackerSummary: (villages, scanned) => `${plural(villages, "Dorf deiner Bots", "Dörfer deiner Bots")}, davon ${scanned} mit gescannten Truppen`,
    noVillageCanSend: (type) => `Kein Dorf deiner Bots hat genug Truppen für die Vorlage „${type}“ (laut letztem Scan).`,
    unserved: "Nicht genug Unterstützung",
    saved: (n) => `${plural(n, "Unterstützung", "Unterstützungen")} übernommen.`,
    mapAttackers: "Dörfer deiner Bots",
    reason: (reason) => defendReasons[reason] ?? reason,
  },
};

/** The texts only "Verteidigen" shows in the planner. */
export const defendTexts = {
  botsHint:
    "Jeder gewählte Bot schickt eine Unterstützung aus dem nächsten Dorf seines Spielers, das rechtzeitig ankommt. Sein Offplaner Scanner bekommt dafür diesen Plan und schickt sie, solange der Bot läuft.",
  botOption: (player: string, status: string) => `${player} (${status})`,
  deadline: "Ankunft spätestens",
  deadlineHint: "Unterstützungen gehen frühestens eine Minute nach „Übernehmen“ los und kommen so früh wie möglich an.",
  template: "Truppen je Unterstützung",
  senders: (names: readonly string[]) =>
    names.length === 1 ? `${names[0]} schickt sie mit dem Offplaner Scanner.` : `${nameList(names)} schicken sie mit dem Offplaner Scanner.`,
  notRunning: (names: readonly string[]) =>
    `${nameList(names)} ${names.length === 1 ? "läuft" : "laufen"} gerade nicht: Starte ${names.length === 1 ? "ihn" : "sie"} vor der Abschickzeit, sonst wird die Unterstützung zur Tab-Anfrage.`,
} as const;
