// The plan's own JSON: a versioned envelope around the attacks (coordinates as `x|y`, arrival in epoch
// ms), read back exactly. Import is all or nothing with errors naming the entry ("Eintrag 3 (Ankunft): …").
import { z } from "zod";
import { formatCoord } from "../../game/coords.js";
import { text as cleanText } from "../../validation.js";
import { compactUnits, attackDataSchema, type AttackData } from "../attack.js";
import { importMessages } from "../messages.js";
import type { ExportWriter } from "./export-writer.js";
import { ImportErrors, importFailed, IMPORT_MAX_ATTACKS, IMPORT_STEP, runSteps, type ImportResult, type ImportSteps } from "./import-result.js";

export const ATTACK_PLAN_JSON_FORMAT = "dsbot-attack-plan";
export const ATTACK_PLAN_JSON_VERSION = 1;

/** What travels beside the attacks; informational, a plan imports its attacks only. */
export interface AttackPlanJsonMeta {
  name?: string;
  /** e.g. "de230" */
  world?: string;
}

export interface AttackPlanJson extends AttackPlanJsonMeta {
  attacks: AttackData[];
}

const metaSchema = z.object({
  name: cleanText().max(200).optional(),
  world: cleanText().max(100).optional(),
});

/** The JSON text (two-space indented) of the attacks and optional plan name and world. */
export function exportJson(attacks: readonly AttackData[], meta: AttackPlanJsonMeta = {}): string {
  return `${JSON.stringify({ ...envelopeOf(meta), attacks: attacks.map(jsonEntry) }, null, 2)}\n`;
}

const envelopeOf = (meta: AttackPlanJsonMeta) => ({
  format: ATTACK_PLAN_JSON_FORMAT,
  version: ATTACK_PLAN_JSON_VERSION,
  ...(meta.name !== undefined ? { name: meta.name } : {}),
  ...(meta.world !== undefined ? { world: meta.world } : {}),
});

const jsonEntry = (a: AttackData) => ({
  from: formatCoord(a.from),
  to: formatCoord(a.to),
  type: a.type,
  units: compactUnits(a.units),
  ...(a.formulas ? { formulas: a.formulas } : {}),
  unit: a.unit,
  arrival: a.arrival,
  priority: a.priority,
});

/** `exportJson` as parts: the envelope up to the list, an entry per attack (indented as there), the end. */
export function jsonWriter(meta: AttackPlanJsonMeta = {}): ExportWriter<AttackData> {
  const envelope = JSON.stringify({ ...envelopeOf(meta), attacks: [] }, null, 2);
  return {
    header: `${envelope.slice(0, envelope.lastIndexOf("[]"))}[\n`,
    line: (a, i) => `${i === 0 ? "" : ",\n"}${JSON.stringify(jsonEntry(a), null, 2).replace(/^/gm, "    ")}`,
    footer: "\n  ]\n}\n",
  };
}

export function importJson(text: string): ImportResult<AttackPlanJson> {
  return runSteps(importJsonSteps(text));
}

/** `importJson`, pausing every IMPORT_STEP entries. */
export function* importJsonSteps(text: string): ImportSteps<AttackPlanJson> {
  const json = text.replace(/^\uFEFF/, "");
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    return importFailed(importMessages.json(jsonErrorPlace(json, error instanceof Error ? error.message : String(error))));
  }
  if (!isRecord(data) || data.format !== ATTACK_PLAN_JSON_FORMAT) return importFailed(importMessages.jsonFormat);
  const version = data.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1 || version > ATTACK_PLAN_JSON_VERSION) {
    return importFailed(importMessages.jsonVersion(String(version), ATTACK_PLAN_JSON_VERSION));
  }
  if (!Array.isArray(data.attacks)) return importFailed(importMessages.jsonAttacks);
  if (data.attacks.length > IMPORT_MAX_ATTACKS) return importFailed(importMessages.tooMany(IMPORT_MAX_ATTACKS));
  if (data.attacks.length === 0) return importFailed(importMessages.empty);

  const errors = new ImportErrors();
  const meta = metaSchema.safeParse({ name: data.name, world: data.world });
  if (!meta.success) for (const issue of meta.error.issues) errors.add(importMessages.jsonMeta(String(issue.path[0])));
  const attacks: AttackData[] = [];
  const entries: unknown[] = data.attacks;
  for (let i = 0; i < entries.length; i++) {
    if (i > 0 && i % IMPORT_STEP === 0) yield;
    const parsed = attackDataSchema.safeParse(entries[i]);
    if (parsed.success) attacks.push(parsed.data);
    else errors.addIssues(importMessages.entry(i + 1), parsed.error);
  }
  return errors.result({ ...(meta.success ? stripUndefined(meta.data) : {}), attacks });
}

/** Where JSON.parse gave up, in German (its own message is English): "Zeile 2, Zeichen 5". */
function jsonErrorPlace(text: string, message: string): string {
  const position = /position (\d+)/.exec(message);
  if (position) {
    const index = Math.min(Number(position[1]), text.length);
    const before = text.slice(0, index);
    return `Zeile ${before.split("\n").length}, Zeichen ${index - before.lastIndexOf("\n")}`;
  }
  if (/end of (JSON )?input/i.test(message)) return "der Text endet zu früh";
  return "Aufbau fehlerhaft";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stripUndefined(meta: AttackPlanJsonMeta): AttackPlanJsonMeta {
  return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined));
}
