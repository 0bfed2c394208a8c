// The Offplaner Scanner's plans, picked by name (GET /api/dsbot/{id}/scanner-plans): the plans on the
// bot's world the player and the bot's owner may edit. Plans already in the list that cannot be added
// again stay as pills with the reason (removable, not offered again once removed); ids the server does
// not name (deleted, or no longer visible) as "Plan #id (gelöscht oder kein Zugriff)". The value stays
// the list of ids.
import { scannerPlanNotes, type ScannerPlanOption } from "@dsbot/protocol";
import { MultiSelect } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useController } from "react-hook-form";
import { scannerPlansQueryOptions } from "../api/module-data-api";
import { botTexts } from "../texts";

const texts = botTexts.scannerPlans;

/**
 * The picker's options: selectable plans by name (with the owner where names repeat), then the chosen
 * ones that are not. `loaded` false: the plans are still being read, so an id not among them is not
 * called unknown yet.
 */
export function scannerPlanOptions(plans: readonly ScannerPlanOption[], selected: readonly number[], loaded = true): { value: string; label: string }[] {
  const nameCount = new Map<string, number>();
  for (const plan of plans) nameCount.set(plan.name, (nameCount.get(plan.name) ?? 0) + 1);
  const chosen = new Set(selected);
  const options = plans
    .filter((plan) => plan.selectable || chosen.has(plan.id))
    .map((plan) => {
      const name = (nameCount.get(plan.name) ?? 0) > 1 ? texts.withOwner(plan.name, plan.ownerName) : plan.name;
      return { value: String(plan.id), label: plan.selectable ? name : texts.withNote(name, scannerPlanNotes[plan.note ?? "readOnly"]) };
    });
  const known = new Set(plans.map((plan) => plan.id));
  for (const id of selected) if (!known.has(id)) options.push({ value: String(id), label: loaded ? texts.unknown(id) : texts.pending(id) });
  return options;
}

export function ScannerPlansField({ botId, path, label, description }: { botId: number; path: string; label: string; description?: string }) {
  const { field, fieldState } = useController({ name: path });
  const query = useQuery(scannerPlansQueryOptions(botId));
  const ids = Array.isArray(field.value) ? (field.value as unknown[]).filter((v): v is number => typeof v === "number") : [];
  const plans = query.data?.plans ?? [];
  const empty = query.isSuccess && !plans.some((plan) => plan.selectable);
  return (
    <MultiSelect
      label={label}
      description={query.isError ? texts.failed : empty ? texts.none : description}
      placeholder={query.isPending ? texts.loading : texts.pick}
      data={scannerPlanOptions(plans, ids, query.isSuccess)}
      value={ids.map(String)}
      onChange={(next) => field.onChange(next.map(Number))}
      onBlur={field.onBlur}
      ref={field.ref}
      searchable
      clearable
      nothingFoundMessage={texts.none}
      error={fieldState.error?.message}
    />
  );
}
