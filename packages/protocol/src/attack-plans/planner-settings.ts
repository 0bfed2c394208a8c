// What a user sets in the planner form (and the planner request carries besides the villages): arrival
// window, counts and unit template per type, algorithm, seed, night-bonus avoidance and Freundschaft.
// The server adds the world's unit info, night bonus, noble range and the players' skills.
import { z } from "zod";
import { validationMessages } from "../validation.js";
import { arrivalSchema, attackTypeSchema, attackUnitsSchema } from "./attack.js";
import { plannerMessages } from "./messages.js";
import { plannerAlgorithms } from "./planner.js";

export const PLANNER_MAX_PER_TYPE = 100;
export const PLANNER_MAX_ATTACKERS = 20_000;
export const PLANNER_MAX_TARGETS = 5_000;
export const PLANNER_MAX_WINDOW_DAYS = 31;
/** "Verteidigen": a support leaves no sooner than this after the planner runs (the bot claims it in time). */
export const DEFEND_LEAD_MS = 60_000;

/**
 * The planner form's templates until the user changes them: a full offensive, a noble with an escort,
 * one ram as a fake. The sandbox gives every demo player a village that holds the attack template.
 */
export const plannerDefaultTemplates = {
  attack: { axe: 6000, light: 2500, ram: 250 },
  conquer: { axe: 500, snob: 1 },
  fake: { ram: 1 },
  wallbreaker: { axe: 500, ram: 150 },
  support: { spear: 1000, sword: 1000 },
} as const satisfies Record<"attack" | "conquer" | "fake" | "wallbreaker" | "support", Partial<Record<string, number>>>;

export const plannerSettingsSchema = z.object(
  {
    window: z
      .object({ from: arrivalSchema, to: arrivalSchema }, { error: validationMessages.required })
      .refine((w) => w.to >= w.from, { message: plannerMessages.window, path: ["to"] })
      .refine((w) => w.to - w.from <= PLANNER_MAX_WINDOW_DAYS * 86_400_000, {
        message: plannerMessages.windowLength(PLANNER_MAX_WINDOW_DAYS),
        path: ["to"],
      }),
    counts: z
      .partialRecord(
        attackTypeSchema,
        z
          .number({ error: plannerMessages.count(PLANNER_MAX_PER_TYPE) })
          .int(plannerMessages.count(PLANNER_MAX_PER_TYPE))
          .min(0, plannerMessages.count(PLANNER_MAX_PER_TYPE))
          .max(PLANNER_MAX_PER_TYPE, plannerMessages.count(PLANNER_MAX_PER_TYPE)),
        { error: validationMessages.invalidValue },
      )
      .default({}),
    templates: z.partialRecord(attackTypeSchema, attackUnitsSchema, { error: validationMessages.invalidValue }).default({}),
    algorithm: z.enum(plannerAlgorithms, { error: validationMessages.invalidValue }).default("nearest"),
    seed: z
      .number({ error: validationMessages.invalidNumber })
      .int(validationMessages.invalidNumber)
      .min(0, validationMessages.invalidNumber)
      .max(0xffffffff, validationMessages.invalidNumber)
      .default(1),
    avoidNightBonus: z.boolean({ error: validationMessages.invalidValue }).default(true),
    /** Nobles also from villages whose troops are unknown (no scan of a bot yet). */
    noblesFromUnknownVillages: z.boolean({ error: validationMessages.invalidValue }).default(false),
    /** Supports walk with the sending player's Freundschaft. */
    useFreundschaft: z.boolean({ error: validationMessages.invalidValue }).default(true),
  },
  { error: validationMessages.invalidValue },
);
export type PlannerSettings = z.output<typeof plannerSettingsSchema>;
