// Builder templates of the account manager: an ordered list of steps "raise building to level", as TWB
// writes them (`building:level` per line, e.g. `stone:1\nwood:1\nmain:2`; TWB also reads several steps
// on a line, separated by spaces) and as JSON. A step whose level is already reached is skipped by the
// builder, as TWB's builder does; the text keeps such lines, so a file of one step per line imports and
// exports back line for line (a line of several steps exports as one line per step).
import { z } from "zod";
import { buildCost, buildingLabels, maxLevels, missingRequirement, levelPoints, startLevels } from "./game/buildings.js";
import type { Building, BuildingLevels } from "./game-driver.js";
import { buildings } from "./game-driver.js";
import { validationMessages } from "./validation-messages.js";

export const BUILDER_TEMPLATE_NAME_MAX = 100;
export const BUILDER_TEMPLATE_STEPS_MAX = 1_000;
/** Templates per user. */
export const BUILDER_TEMPLATES_MAX = 200;
/** The highest level any building has in the game; a step above its building's maximum is flagged. */
export const BUILDER_LEVEL_MAX = 30;
/** A pasted text longer than this is refused before it is read (1,000 steps need about 15,000). */
export const BUILDER_TEXT_MAX = 50_000;

export const builderStepSchema = z.object({
  building: z.enum(buildings, { error: "Unbekanntes Gebäude" }),
  level: z.number({ error: validationMessages.required }).int("Ganze Zahl erwartet").min(1, "Mindestens Stufe 1").max(BUILDER_LEVEL_MAX, `Höchstens Stufe ${BUILDER_LEVEL_MAX}`),
});
export type BuilderStep = z.infer<typeof builderStepSchema>;

export const builderTemplateNameSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(BUILDER_TEMPLATE_NAME_MAX, `Höchstens ${BUILDER_TEMPLATE_NAME_MAX} Zeichen`);

/** Create (POST) and replace (PUT). */
export const builderTemplateInputSchema = z.object({
  name: builderTemplateNameSchema,
  steps: z.array(builderStepSchema).max(BUILDER_TEMPLATE_STEPS_MAX, `Höchstens ${BUILDER_TEMPLATE_STEPS_MAX.toLocaleString("de-DE")} Schritte`),
});
export type BuilderTemplateInput = z.infer<typeof builderTemplateInputSchema>;

export const builderTemplateIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export interface BuilderTemplateSummary {
  id: number;
  name: string;
  steps: number;
  /** Villages whose builder uses this template (per-village choices and the bots' default). */
  villages: number;
  updatedAt: number;
}

export interface BuilderTemplate extends Omit<BuilderTemplateSummary, "steps"> {
  steps: BuilderStep[];
  createdAt: number;
}

export interface BuilderTemplateListResponse {
  templates: BuilderTemplateSummary[];
}
export interface BuilderTemplateResponse {
  template: BuilderTemplate;
}

export const builderTemplateMessages = {
  nameTaken: (name: string) => `Du hast schon eine Vorlage „${name}“. Bitte wähle einen anderen Namen.`,
  tooMany: `Du hast schon ${BUILDER_TEMPLATES_MAX} Vorlagen. Lösche eine, bevor du eine neue anlegst.`,
  inUse: (name: string, bots: string) => `Die Vorlage „${name}“ wird noch vom Bauherrn von ${bots} benutzt. Wähle dort erst eine andere Vorlage.`,
  copyName: (name: string) => `${name} (Kopie)`,
  notOwnersTemplate: (id: number) => `Die Vorlage ${id} gibt es bei den Vorlagen des Bot-Besitzers nicht (mehr).`,
} as const;

// ---------------------------------------------------------------------------------------------
// Text (TWB) and JSON

const at = (line: number) => `Zeile ${line}: `;
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

export const builderTextMessages = {
  tooLong: `Der Text ist zu lang: höchstens ${BUILDER_TEXT_MAX.toLocaleString("de-DE")} Zeichen.`,
  empty: "Der Text enthält keinen Bauschritt. Erwartet wird je Zeile „Gebäude:Stufe“, z. B. „main:2“.",
  tooManySteps: `Der Text enthält mehr als ${BUILDER_TEMPLATE_STEPS_MAX.toLocaleString("de-DE")} Bauschritte.`,
  format: (line: number, text: string) => `${at(line)}„${clip(text)}“ ist kein Bauschritt im Format „Gebäude:Stufe“ (z. B. „main:2“).`,
  building: (line: number, name: string) => `${at(line)}„${clip(name)}“ ist kein Gebäude. Erlaubt sind: ${buildings.join(", ")}.`,
  level: (line: number, text: string) => `${at(line)}„${clip(text)}“ ist keine Stufe von 1 bis ${BUILDER_LEVEL_MAX}.`,
  json: "Das ist keine gültige Vorlage im JSON-Format (erwartet: {\"format\": \"dsbot-builder-template\", \"name\": …, \"steps\": [{\"building\": …, \"level\": …}]}).",
} as const;

export type BuilderTextResult = { ok: true; steps: BuilderStep[] } | { ok: false; errors: string[] };

/** At most this many line errors are listed. */
const MAX_ERRORS = 20;

/**
 * Reads TWB's builder text as TWB reads it: TWB's template reader (stefan2200/TWB, twb/core/templates.py
 * `TemplateManager.get_template`) splits the whole file at any whitespace, and its builder
 * (twb/game/buildingmanager.py) takes each piece as `building:level`. So a line may hold several steps
 * separated by spaces (`main:2 barracks:1`), each a step of its own in order. On top of TWB, dsbot skips
 * blank lines and `#` comment lines, ignores the case of the names and spaces around the colon
 * (`Wood : 2`); errors name the line the piece stands in.
 */
export function parseBuilderText(text: string): BuilderTextResult {
  if (text.length > BUILDER_TEXT_MAX) return { ok: false, errors: [builderTextMessages.tooLong] };
  const steps: BuilderStep[] = [];
  const errors: string[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const n = index + 1;
    for (const piece of line.replace(/\s*:\s*/g, ":").split(/\s+/)) {
      const match = /^([A-Za-z_]+):(\S+)$/.exec(piece);
      if (!match) {
        errors.push(builderTextMessages.format(n, piece));
      } else {
        const name = match[1]!.toLowerCase();
        const levelText = match[2]!;
        const level = /^\d{1,3}$/.test(levelText) ? Number(levelText) : NaN;
        if (!(buildings as readonly string[]).includes(name)) errors.push(builderTextMessages.building(n, match[1]!));
        else if (!Number.isInteger(level) || level < 1 || level > BUILDER_LEVEL_MAX) errors.push(builderTextMessages.level(n, levelText));
        else steps.push({ building: name as Building, level });
      }
      if (errors.length >= MAX_ERRORS) break;
    }
    if (errors.length >= MAX_ERRORS) break;
  }
  if (errors.length > 0) return { ok: false, errors };
  if (steps.length === 0) return { ok: false, errors: [builderTextMessages.empty] };
  if (steps.length > BUILDER_TEMPLATE_STEPS_MAX) return { ok: false, errors: [builderTextMessages.tooManySteps] };
  return { ok: true, steps };
}

/** TWB's builder text: one `building:level` per line. */
export function formatBuilderText(steps: readonly BuilderStep[]): string {
  return steps.map((s) => `${s.building}:${s.level}`).join("\n");
}

export const BUILDER_TEMPLATE_JSON_FORMAT = "dsbot-builder-template";

const builderTemplateJsonSchema = z.object({
  format: z.literal(BUILDER_TEMPLATE_JSON_FORMAT),
  version: z.literal(1),
  name: builderTemplateNameSchema,
  steps: builderTemplateInputSchema.shape.steps.min(1),
});

export function formatBuilderJson(template: { name: string; steps: readonly BuilderStep[] }): string {
  return JSON.stringify({ format: BUILDER_TEMPLATE_JSON_FORMAT, version: 1, name: template.name, steps: template.steps }, null, 2);
}

/** A template exported as JSON, or TWB's text; the name is the JSON's (null from a text). */
export function parseBuilderImport(text: string): { ok: true; name: string | null; steps: BuilderStep[] } | { ok: false; errors: string[] } {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    if (text.length > BUILDER_TEXT_MAX * 2) return { ok: false, errors: [builderTextMessages.tooLong] };
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { ok: false, errors: [builderTextMessages.json] };
    }
    const result = builderTemplateJsonSchema.safeParse(parsed);
    if (!result.success) return { ok: false, errors: [builderTextMessages.json] };
    return { ok: true, name: result.data.name, steps: result.data.steps };
  }
  const result = parseBuilderText(text);
  return result.ok ? { ok: true, name: null, steps: result.steps } : result;
}

// ---------------------------------------------------------------------------------------------
// Running totals and checks

export interface BuilderStepProgress {
  /** The building's level before and after the step (equal when the step is skipped). */
  from: number;
  to: number;
  /** What this step costs, and the running totals after it (from a new village). */
  cost: { wood: number; stone: number; iron: number };
  totals: { points: number; population: number; wood: number; stone: number; iron: number };
  /** German notes: above the building's maximum, a missing prerequisite, already reached. */
  issues: string[];
  /** The step cannot be built as it stands (above the maximum or a prerequisite missing). */
  blocked: boolean;
}

export const builderCheckMessages = {
  aboveMax: (building: Building) => `${buildingLabels[building]} hat höchstens Stufe ${maxLevels[building]}.`,
  requirement: (building: Building, needed: Building, level: number) =>
    `${buildingLabels[building]} braucht zuerst ${buildingLabels[needed]} Stufe ${level}.`,
  reached: (building: Building, level: number) => `${buildingLabels[building]} hat hier schon Stufe ${level}; der Schritt wird übersprungen.`,
} as const;

/**
 * Walks the steps from a new village (or `start`): each raises its building to its level where the
 * rules allow, with the cost, points and population it adds; a step above the building's maximum or
 * before its prerequisites is flagged and counted only up to what is possible.
 */
export function builderTemplateProgress(steps: readonly BuilderStep[], start: BuildingLevels = startLevels): BuilderStepProgress[] {
  const levels = { ...start };
  const totals = { points: 0, population: 0, wood: 0, stone: 0, iron: 0 };
  for (const b of buildings) {
    for (let l = 1; l <= levels[b]; l++) {
      totals.points += levelPoints(b, l);
      totals.population += buildCost(b, l).pop;
    }
  }
  return steps.map(({ building, level }) => {
    const issues: string[] = [];
    let blocked = false;
    const from = levels[building];
    const target = Math.min(level, maxLevels[building]);
    if (level > maxLevels[building]) {
      issues.push(builderCheckMessages.aboveMax(building));
      blocked = true;
    }
    const missing = target > from ? missingRequirement(levels, building) : null;
    if (missing) {
      issues.push(builderCheckMessages.requirement(building, missing.building, missing.level));
      blocked = true;
    } else if (level <= from) {
      issues.push(builderCheckMessages.reached(building, from));
    }
    const cost = { wood: 0, stone: 0, iron: 0 };
    if (!missing) {
      for (let l = from + 1; l <= target; l++) {
        const c = buildCost(building, l);
        cost.wood += c.wood;
        cost.stone += c.stone;
        cost.iron += c.iron;
        totals.population += c.pop;
        totals.points += levelPoints(building, l);
      }
      levels[building] = Math.max(from, target);
    }
    totals.wood += cost.wood;
    totals.stone += cost.stone;
    totals.iron += cost.iron;
    return { from, to: levels[building], cost, totals: { ...totals }, issues, blocked };
  });
}

/** The next level the template wants for a village of these levels: the first step not yet reached, or null when done. */
export function nextTemplateStep(steps: readonly BuilderStep[], levels: BuildingLevels): { index: number; building: Building; level: number } | null {
  for (const [index, step] of steps.entries()) {
    const target = Math.min(step.level, maxLevels[step.building]);
    if (levels[step.building] < target) return { index, building: step.building, level: levels[step.building] + 1 };
  }
  return null;
}
