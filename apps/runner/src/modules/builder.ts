// Builder ("Builder"): keeps each village's construction queue filled from its template:
// one for all villages, one per village, or the template assigner's choice (mode "assigned").
// Per run it asks the server for the templates its settings name, scans the villages, and for each
// queues the next levels the template wants — the first step whose level is not reached (queued levels
// count as reached), as TWB's builder does — until the queue holds `queueLength` orders. A farm about
// to be full (within farmSafetyPercent of its population) is raised first, and so is a storage too
// small for the next order's cost (with storageSafetyPercent of room). A village waits when the game
// refuses (resources, prerequisites still being built); one German log line sums up the run, with why
// villages got nothing new (the game's refusal, a full queue, the template reached).
import {
  buildCost,
  maxLevels,
  missingRequirement,
  moduleRegistry,
  type BotTemplate,
  type Building,
  type BuildingLevels,
  type BuilderStep,
  type ModuleConfig,
  type VillageSnapshot,
} from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";

/** How often the builder looks (real time; the sandbox's clock may run faster). */
export const BUILDER_INTERVAL_MS = 60_000;

const label = moduleRegistry.builder.label;
const messages = moduleMessages.builder;

/** The template ids the settings name (the default and the per-village ones). */
export function builderTemplateIds(config: ModuleConfig<"builder">, assignments: ReadonlyMap<number, number> = new Map()): number[] {
  const ids = new Set<number>();
  if (config.defaultTemplateId !== null) ids.add(config.defaultTemplateId);
  if (config.templateMode === "per_village") for (const v of config.villageTemplates) ids.add(v.templateId);
  if (config.templateMode === "assigned") for (const id of assignments.values()) ids.add(id);
  return [...ids];
}

function templateFor(config: ModuleConfig<"builder">, villageId: number, assignments: ReadonlyMap<number, number>): number | null {
  if (config.templateMode === "per_village") return config.villageTemplates.find((v) => v.villageId === villageId)?.templateId ?? config.defaultTemplateId;
  if (config.templateMode === "assigned") return assignments.get(villageId) ?? config.defaultTemplateId;
  return config.defaultTemplateId;
}

/** Completed levels plus the ones in the queue. */
function plannedLevels(village: VillageSnapshot): BuildingLevels {
  const levels = { ...village.buildings };
  for (const order of village.buildQueue) levels[order.building] = Math.max(levels[order.building], order.level);
  return levels;
}

/** The template's next building for these levels: the first step not reached whose prerequisites stand. */
export function nextBuilding(steps: readonly BuilderStep[], levels: BuildingLevels): Building | null {
  for (const step of steps) {
    const target = Math.min(step.level, maxLevels[step.building]);
    if (levels[step.building] >= target) continue;
    if (missingRequirement(levels, step.building)) continue;
    return step.building;
  }
  return null;
}

/** The building to order now: the template's, unless the farm or the storage must come first. */
function choose(village: VillageSnapshot, levels: BuildingLevels, wanted: Building, config: ModuleConfig<"builder">): Building {
  const next = buildCost(wanted, levels[wanted] + 1);
  const farmFull = village.population.used + next.pop > village.population.max * (1 - config.farmSafetyPercent / 100);
  if (wanted !== "farm" && farmFull && levels.farm < maxLevels.farm) return "farm";
  const room = village.storageCapacity * (1 - config.storageSafetyPercent / 100);
  if (wanted !== "storage" && Math.max(next.wood, next.stone, next.iron) > room && levels.storage < maxLevels.storage) return "storage";
  return wanted;
}

interface VillageRun {
  built: string[];
  /** Why the village has nothing new: the game's refusal, its queue already full, or its template reached. */
  waiting: string | null;
  full: boolean;
  done: boolean;
}

async function fillQueue(ctx: ModuleContext<"builder">, village: VillageSnapshot, steps: readonly BuilderStep[]): Promise<VillageRun> {
  const levels = plannedLevels(village);
  let queued = village.buildQueue.length;
  const run: VillageRun = { built: [], waiting: null, full: queued >= ctx.config.queueLength, done: false };
  while (queued < ctx.config.queueLength) {
    const wanted = nextBuilding(steps, levels);
    if (!wanted) {
      run.done = run.built.length === 0;
      break;
    }
    const building = choose(village, levels, wanted, ctx.config);
    const result = await ctx.driver.build(village.id, building);
    if (!result.ok) {
      run.waiting = result.error;
      break;
    }
    levels[building] = result.value.level;
    run.built.push(messages.order(building, result.value.level));
    queued++;
  }
  return run;
}

export function createBuilderModule(): BotModule<"builder"> {
  return {
    name: "builder",
    intervalMs: () => BUILDER_INTERVAL_MS,
    async run(ctx) {
      const ids = builderTemplateIds(ctx.config, ctx.session.assignments);
      const templates = await ctx.session.templates(ids);
      if (!templates) {
        ctx.log("warn", moduleMessages.common.templatesUnavailable(label));
        return;
      }
      const byId = new Map<number, BotTemplate>(templates.map((t) => [t.id, t]));
      const player = await ctx.driver.getPlayer();
      if (!player.ok) {
        ctx.log("warn", moduleMessages.common.villagesUnreadable(label, player.error));
        return;
      }
      const built: string[] = [];
      let villagesBuilt = 0;
      let withoutTemplate = 0;
      let full = 0;
      let done = 0;
      const waiting = new Map<string, number>();
      for (const village of player.value.villages) {
        const id = templateFor(ctx.config, village.id, ctx.session.assignments);
        const template = id === null ? undefined : byId.get(id);
        if (!template) {
          withoutTemplate++;
          continue;
        }
        const run = await fillQueue(ctx, village, template.steps);
        if (run.built.length > 0) villagesBuilt++;
        built.push(...run.built);
        if (run.waiting) waiting.set(run.waiting, (waiting.get(run.waiting) ?? 0) + 1);
        if (run.full) full++;
        if (run.done) done++;
      }
      const parts: string[] = [];
      parts.push(built.length > 0 ? messages.queued(built, villagesBuilt) : messages.nothingQueued);
      for (const [reason, n] of waiting) parts.push(moduleMessages.common.waiting(n, reason));
      if (full > 0) parts.push(messages.queueFull(full, ctx.config.queueLength));
      if (done > 0) parts.push(messages.templateReached(done));
      if (withoutTemplate > 0) parts.push(messages.withoutTemplate(withoutTemplate));
      ctx.log("info", messages.summary(parts));
    },
  };
}
