// What the Umbenenner would change, worked out with the protocol's own naming rules (the runner uses
// the same renamerVillageName and renamerIncomingTag): the bot's villages from the world data and its
// upcoming incoming attacks as the Auge last reported them. The running number {nr} depends on the
// order of the villages in the game, which the server does not know: the preview shows it as a mask.
import type { BotVillage, RenamerPreviewIncoming } from "@dsbot/protocol";
import { renamerIncomingTag, renamerModuleSchema, renamerVillageName, VILLAGE_NAME_MIN } from "@dsbot/protocol";
import { botTexts } from "../texts";

const texts = botTexts.renamerPreview;

export interface RenamerPreviewConfig {
  renameVillages: boolean;
  villagePattern: string;
  startNumber: number;
  numberDigits: number;
  tagIncomings: boolean;
  incomingPattern: string;
}

export interface VillageRename {
  id: number;
  name: string;
  coordinates: string;
  newName: string;
  /** Too short for the game: the runner leaves the village as it is. */
  tooShort: boolean;
}

export interface VillagesPreview {
  renames: VillageRename[];
  /** Villages already named so (only known without {nr}). */
  same: number;
  /** The mask standing for {nr} and the first number, when the pattern numbers the villages. */
  numbered: { mask: string; first: string } | null;
}

export interface IncomingTagPreview {
  id: number;
  from: string;
  to: string;
  label: string | null;
  tag: string;
}

/** The stored config with the schema's defaults (the defaults alone when it cannot be read). */
export function renamerConfigOf(stored: Record<string, unknown> | undefined): RenamerPreviewConfig {
  const parsed = renamerModuleSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : renamerModuleSchema.parse({});
}

/** Whether one of the pattern fields is valid by the module's schema (unknown placeholders, length). */
export function patternValid(field: "villagePattern" | "incomingPattern", value: unknown): boolean {
  return renamerModuleSchema.shape[field].safeParse(value).success;
}

const wholeNumber = (n: unknown, fallback: number) => (typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : fallback);

function coords(text: string): { x: number; y: number } | null {
  const match = /^(\d{1,3})\|(\d{1,3})$/.exec(text);
  return match ? { x: Number(match[1]), y: Number(match[2]) } : null;
}

export function previewVillages(config: RenamerPreviewConfig, villages: readonly BotVillage[]): VillagesPreview {
  const digits = Math.min(6, Math.max(1, wholeNumber(config.numberDigits, 3)));
  const start = wholeNumber(config.startNumber, 1);
  const numbered = config.villagePattern.includes("{nr}") ? { mask: "#".repeat(digits), first: String(start).padStart(digits, "0") } : null;
  const renames: VillageRename[] = [];
  let same = 0;
  for (const village of villages) {
    const at = coords(village.coordinates);
    if (!at) continue;
    const newName = renamerVillageName({ ...config, startNumber: start, numberDigits: digits }, at, 0, numbered?.mask);
    if (!numbered && newName === village.name) {
      same++;
      continue;
    }
    renames.push({ id: village.id, name: village.name, coordinates: village.coordinates, newName, tooShort: newName.length < VILLAGE_NAME_MIN });
  }
  return { renames, same, numbered };
}

/** `zone`: the world's server time zone, in which the bot writes the arrival. */
export function previewIncomings(pattern: string, incomings: readonly RenamerPreviewIncoming[], zone?: string): IncomingTagPreview[] {
  return incomings.map((incoming) => ({
    id: incoming.id,
    from: incoming.origin.name ? `${incoming.origin.name} (${incoming.origin.coordinates})` : incoming.origin.coordinates,
    to: incoming.target.name ? `${incoming.target.name} (${incoming.target.coordinates})` : incoming.target.coordinates,
    label: incoming.label,
    tag: renamerIncomingTag(pattern, incoming.likelyUnits, incoming.arrivalTime, zone),
  }));
}

/**
 * The German summary the question before switching the Umbenenner on shows: how many villages it
 * renames and attacks it tags, each with an example. `villages` null: unknown (no world data);
 * `preview` null: the incomings could not be read.
 */
export function renamerSummary(
  config: RenamerPreviewConfig,
  villages: readonly BotVillage[] | null,
  preview: { incomings: RenamerPreviewIncoming[]; more: number; timeZone: string } | null,
): string {
  const parts: string[] = [];
  if (config.renameVillages) {
    if (!villages) parts.push(texts.summaryVillagesUnknown);
    else {
      const { renames, numbered } = previewVillages(config, villages);
      const renamed = renames.filter((r) => !r.tooShort);
      const first = renamed[0];
      parts.push(texts.summaryVillages(renamed.length, first ? `„${first.name}“ → „${first.newName}“` : ""));
      if (numbered && renamed.length > 0) parts.push(texts.numbered(numbered.mask, numbered.first));
    }
  }
  if (config.tagIncomings && preview) {
    const tags = previewIncomings(config.incomingPattern, preview.incomings, preview.timeZone);
    parts.push(texts.summaryIncomings(tags.length + preview.more, tags[0] ? `„${tags[0].tag}“` : ""));
  }
  parts.push(texts.summaryMore);
  return parts.join(" ");
}
