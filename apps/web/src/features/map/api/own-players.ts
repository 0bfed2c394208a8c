// The user's own players on the map: the game players of the bots the user owns (or, for a plain
// user, may use) on the user's world, looked up by name in the world's players.
import type { Dsbot, User } from "@dsbot/protocol";
import { dsbotRoutes } from "@dsbot/protocol";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/lib/api";
import { useSession } from "@/lib/session";
import type { WorldData } from "@/lib/world-data";

const MAX_BOTS = 100;

export const mapBotsKey = ["bots", "list", "map"] as const;

/** The bots whose players count as the user's own on the user's world. */
export function ownBots(bots: readonly Dsbot[], user: Pick<User, "id" | "role" | "world">): Dsbot[] {
  // An admin sees every bot; only the ones they own are theirs.
  return bots.filter(
    (bot) => bot.world.server === user.world.server && bot.world.world === user.world.world && (user.role !== "admin" || bot.ownerId === user.id),
  );
}

export function ownPlayerIds(bots: readonly Dsbot[], data: Pick<WorldData, "playerByName">): Set<number> {
  const ids = new Set<number>();
  for (const bot of bots) {
    const player = data.playerByName(bot.dsPlayer.name);
    if (player) ids.add(player.id);
  }
  return ids;
}

const NONE = new Set<number>();

/** Player ids of the user's own bots in this world's data (empty until the bots are loaded). */
export function useOwnPlayerIds(data: WorldData | null | undefined): ReadonlySet<number> {
  const user = useSession((s) => s.user);
  const bots = useQuery({
    queryKey: mapBotsKey,
    queryFn: ({ signal }) => api.call(dsbotRoutes.list, { query: { perPage: MAX_BOTS, activePage: 1 }, signal }),
    enabled: user !== null,
    staleTime: 60_000,
  });
  return useMemo(() => (data && user && bots.data ? ownPlayerIds(ownBots(bots.data.dsbots, user), data) : NONE), [data, user, bots.data]);
}
