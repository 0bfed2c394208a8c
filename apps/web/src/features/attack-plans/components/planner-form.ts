// The planner form: its values, defaults, the request it sends (POST …/planner) and where the
// protocol's or the server's issues belong in it.
import type { AttackType, PlannerAlgorithm, PlannerRequest, RepeatedHour, Unit } from "@dsbot/protocol";
import { plannerDefaultTemplates, plannerRequestSchema, validationMessages } from "@dsbot/protocol";
import { formatInputTime, parseInputTime } from "../lib/times";

/** The types the planner form offers, each with a count per target and a unit template. */
export const plannerFormTypes = ["attack", "conquer", "fake", "wallbreaker", "support"] as const satisfies readonly AttackType[];
export type PlannerFormType = (typeof plannerFormTypes)[number];

/** The planner's typed times. */
export type PlannerTimeField = "windowFrom" | "windowTo";

export interface PlannerFormValues {
  source: "bots" | "coords";
  dsbotIds: string[];
  attackerText: string;
  targets: string;
  windowFrom: string;
  windowTo: string;
  /** Which occurrence a window time means when it lies in the repeated autumn hour (absent: not chosen, the time is refused). */
  repeatedHours?: Partial<Record<PlannerTimeField, RepeatedHour | null>>;
  counts: Record<PlannerFormType, number>;
  templates: Record<PlannerFormType, Partial<Record<Unit, number>>>;
  avoidNightBonus: boolean;
  noblesFromUnknownVillages: boolean;
  useFreundschaft: boolean;
  algorithm: PlannerAlgorithm;
  seed: number;
  /** "Verteidigen": supports from the chosen bots, one each, landing by `windowTo` (the request's `defend`). */
  defend: boolean;
}

/** Field → German error; "general" collects what belongs to no field. */
export type PlannerErrors = Partial<Record<string, string>> & { general?: string[] };

/** Tomorrow 08:00–10:00 server time by default; one attack per target with a full offensive template. */
export function defaultPlannerValues(zone: string, now = Date.now()): PlannerFormValues {
  const tomorrow = formatInputTime(now + 86_400_000, zone, false).slice(0, 10);
  return {
    source: "bots",
    dsbotIds: [],
    attackerText: "",
    targets: "",
    windowFrom: `${tomorrow} 08:00:00`,
    windowTo: `${tomorrow} 10:00:00`,
    counts: { attack: 1, conquer: 0, fake: 0, wallbreaker: 0, support: 0 },
    templates: {
      attack: { ...plannerDefaultTemplates.attack },
      conquer: { ...plannerDefaultTemplates.conquer },
      fake: { ...plannerDefaultTemplates.fake },
      wallbreaker: { ...plannerDefaultTemplates.wallbreaker },
      support: { ...plannerDefaultTemplates.support },
    },
    avoidNightBonus: true,
    noblesFromUnknownVillages: false,
    useFreundschaft: true,
    algorithm: "nearest",
    seed: 1,
    defend: false,
  };
}

/** The request of the values; window times are read in the plan's zone. */
export function toPlannerRequest(values: PlannerFormValues, save: boolean, zone: string): PlannerRequest {
  const from = parseInputTime(values.windowFrom, zone, values.repeatedHours?.windowFrom);
  const to = parseInputTime(values.windowTo, zone, values.repeatedHours?.windowTo);
  const counts: PlannerRequest["settings"]["counts"] = {};
  const templates: PlannerRequest["settings"]["templates"] = {};
  for (const type of plannerFormTypes) {
    counts[type] = values.counts[type];
    if (values.counts[type] > 0) templates[type] = values.templates[type];
  }
  // "Verteidigen" plans from now (the server adds the lead) to the deadline; a deadline already too close is the server's to word.
  const window = { from: from.ok ? from.value : Number.NaN, to: to.ok ? to.value : Number.NaN };
  if (values.defend) window.from = Math.min(window.from, window.to);
  return {
    attackers:
      values.source === "bots"
        ? { kind: "bots", dsbotIds: values.dsbotIds.map(Number) }
        : { kind: "coords", text: values.attackerText },
    targets: values.targets,
    settings: {
      window,
      counts,
      templates,
      algorithm: values.algorithm,
      seed: values.seed,
      avoidNightBonus: values.avoidNightBonus,
      noblesFromUnknownVillages: values.noblesFromUnknownVillages,
      useFreundschaft: values.useFreundschaft,
    },
    save,
    ...(values.defend ? { defend: true } : {}),
  };
}

/** The form field of an issue path (`settings.window.to`, `attackers.dsbotIds`, …), or null. */
export function plannerField(path: readonly (string | number)[]): string | null {
  const [a, b, c] = path.map(String);
  if (a === "attackers") return b === "text" ? "attackerText" : "dsbotIds";
  if (a === "targets") return "targets";
  if (a !== "settings") return null;
  if (b === "window") return c === "from" ? "windowFrom" : "windowTo";
  if ((b === "counts" || b === "templates") && c) return `${b}.${c}`;
  if (b === "seed") return "seed";
  return null;
}

export function addIssue(errors: PlannerErrors, path: readonly (string | number)[], message: string): void {
  const field = plannerField(path);
  if (field) errors[field] ??= message;
  else errors.general = [...(errors.general ?? []), message];
}

/** The form's own checks: times that parse, a target text, then the protocol's request schema. */
export function checkPlanner(values: PlannerFormValues, zone: string): PlannerErrors {
  const errors: PlannerErrors = {};
  for (const [field, text] of [["windowFrom", values.windowFrom], ["windowTo", values.windowTo]] as const) {
    const parsed = parseInputTime(text, zone, values.repeatedHours?.[field]);
    if (!parsed.ok) errors[field] = parsed.error;
  }
  if (values.targets.trim() === "") errors.targets = validationMessages.required;
  if (values.source === "coords" && values.attackerText.trim() === "") errors.attackerText = validationMessages.required;
  const parsed = plannerRequestSchema.safeParse(toPlannerRequest(values, false, zone));
  if (!parsed.success) for (const issue of parsed.error.issues) addIssue(errors, issue.path as (string | number)[], issue.message);
  return errors;
}

export function hasErrors(errors: PlannerErrors): boolean {
  return Object.keys(errors).some((key) => key !== "general") || (errors.general?.length ?? 0) > 0;
}
