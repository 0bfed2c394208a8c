// The user's bots on an incoming's world, for "Verteidigen": which of them would send the supports.
import type { Dsbot, World } from "@dsbot/protocol";
import { botStatusFilterOrder, dsbotRoutes } from "@dsbot/protocol";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Bots the planner offers (up to 100, by player); the dialog shows those on the world. */
export function useDefendBots(world: World | undefined) {
  const query = useQuery({
    queryKey: ["incomings", "defend-bots"],
    queryFn: ({ signal }) =>
      api.call(dsbotRoutes.list, { query: { activePage: 1, perPage: 100, sortBy: "player", statusFilter: [...botStatusFilterOrder] }, signal }),
    enabled: world !== undefined,
  });
  const bots: Dsbot[] = world ? (query.data?.dsbots ?? []).filter((bot) => bot.world.server === world.server && bot.world.world === world.world) : [];
  return { ...query, bots };
}
