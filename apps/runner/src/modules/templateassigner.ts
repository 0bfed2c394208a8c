// Vorlagenzuweiser: chooses each village's build template by the first rule that fits it — the rule's
// group (empty: any; else one of the village's groups, case ignored) and village type (any, or the
// class of the village's whole army: at home, standing elsewhere and on its way — the war room's
// off/def/mixed rule). The choice goes to the session, where the builder in its "assigned" mode
// follows it (it runs right after this module). One German line names the templates and counts.
import { classifyTroops, moduleRegistry, units, type ModuleConfig, type UnitCounts, type VillageSnapshot } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const TEMPLATE_ASSIGNER_INTERVAL_MS = 5 * 60_000;
const label = moduleRegistry.templateassigner.label;
const messages = moduleMessages.templateassigner;
type Rule = ModuleConfig<"templateassigner">["rules"][number];

/** The village's whole army: at home, standing elsewhere and on its way. */
function wholeArmy(village: VillageSnapshot): UnitCounts {
  const sum: UnitCounts = {};
  for (const u of units) sum[u] = (village.units[u] ?? 0) + (village.outside?.[u] ?? 0) + (village.onTheWay?.[u] ?? 0);
  return sum;
}

/** The first rule that fits the village, or undefined. */
export function ruleFor(rules: readonly Rule[], village: VillageSnapshot): Rule | undefined {
  const groups = new Set((village.groups ?? []).map((g) => g.toLowerCase()));
  const type = classifyTroops(wholeArmy(village));
  return rules.find((rule) => (rule.group === "" || groups.has(rule.group.toLowerCase())) && (rule.villageType === "any" || rule.villageType === type));
}

export function createTemplateassignerModule(): BotModule<"templateassigner"> {
  return {
    name: "templateassigner",
    intervalMs: () => TEMPLATE_ASSIGNER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label);
      if (!scan) return;
      const templates = await ctx.session.templates([...new Set(ctx.config.rules.map((r) => r.templateId))]);
      if (!templates) {
        ctx.log("warn", moduleMessages.common.templatesUnavailable(label));
        return;
      }
      const names = new Map(templates.map((t) => [t.id, t.name]));
      const assignments = ctx.session.assignments;
      const perTemplate = new Map<string, number>();
      let changed = 0;
      let unmatched = 0;
      const present = new Set(scan.villages.map((v) => v.id));
      for (const id of assignments.keys()) if (!present.has(id)) assignments.delete(id);
      for (const village of scan.villages) {
        const rule = ruleFor(ctx.config.rules, village);
        // A rule naming a template the server no longer hands out (deleted) assigns nothing.
        const templateId = rule && names.has(rule.templateId) ? rule.templateId : undefined;
        if (templateId === undefined) {
          unmatched++;
          if (assignments.delete(village.id)) changed++;
          continue;
        }
        if (assignments.get(village.id) !== templateId) changed++;
        assignments.set(village.id, templateId);
        const name = names.get(templateId) as string;
        perTemplate.set(name, (perTemplate.get(name) ?? 0) + 1);
      }
      const assigned = scan.villages.length - unmatched;
      const parts = [messages.assigned(assigned, [...perTemplate]), messages.changes(changed)];
      if (unmatched > 0) parts.push(messages.unmatched(unmatched));
      ctx.log("info", messages.summary(parts));
    },
  };
}
