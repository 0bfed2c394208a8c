// The villages of the bot whose module is edited (GET /api/dsbot/{id}/villages), for the module forms'
// village pickers: by name and coordinates instead of ids. Without world data (or while
// loading) the forms keep their plain id inputs.
import type { BotVillage } from "@dsbot/protocol";
import { dsbotRoutes } from "@dsbot/protocol";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { api } from "@/lib/api";
import { botKeys } from "../api/bots-api";

export function botVillagesQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...botKeys.all, "villages", id] as const,
    queryFn: ({ signal }) => api.call(dsbotRoutes.villages, { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });
}

const BotVillagesContext = createContext<BotVillage[] | null>(null);
/** The id of the bot whose module is edited, for fields that read more of it (the scanner's plans, the renamer's preview). */
const ModuleBotIdContext = createContext<number | null>(null);

export function BotVillagesProvider({ botId, children }: { botId: number; children: ReactNode }) {
  const query = useQuery(botVillagesQueryOptions(botId));
  const villages = query.data?.villages.length ? query.data.villages : null;
  return (
    <ModuleBotIdContext.Provider value={botId}>
      <BotVillagesContext.Provider value={villages}>{children}</BotVillagesContext.Provider>
    </ModuleBotIdContext.Provider>
  );
}

/** The bot whose module is edited, or null outside a bot's module page. */
export function useModuleBotId(): number | null {
  return useContext(ModuleBotIdContext);
}

/** The bot's villages, or null (no world data, still loading, or outside a bot's module page). */
export function useBotVillages(): BotVillage[] | null {
  return useContext(BotVillagesContext);
}

/** The picker's options: every village by name and coordinates; ids kept in the value but unknown stay as "#id". */
export function villageOptions(villages: readonly BotVillage[], selected: readonly number[]): { value: string; label: string }[] {
  const known = new Set(villages.map((v) => v.id));
  return [
    ...villages.map((v) => ({ value: String(v.id), label: `${v.name} (${v.coordinates})` })),
    ...selected.filter((id) => !known.has(id)).map((id) => ({ value: String(id), label: `#${id}` })),
  ];
}
