// REST of Spieler Skills (/api/ds-player-skills): the list of the user's players, save (PUT, creates
// or replaces one player's levels) and delete (the saved levels; a bot's player stays with zeros).
import {
  emptyPlayerSkillLevels,
  playerSkillRoutes,
  usernameKey,
  type PlayerSkillsDelete,
  type PlayerSkillsEntry,
  type PlayerSkillsSave,
  type World,
} from "@dsbot/protocol";
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const playerSkillsKeys = { all: ["player-skills"] as const };

export const playerSkillsQueryOptions = queryOptions({
  queryKey: playerSkillsKeys.all,
  queryFn: ({ signal }) => api.call(playerSkillRoutes.list, { signal }),
});

/** One game player, as the server tells them apart: per world, name without regard to case. */
export function playerKey(world: World, playerName: string): string {
  return `${world.server}\u0000${world.world}\u0000${usernameKey(playerName)}`;
}

const keyOf = (entry: Pick<PlayerSkillsEntry, "world" | "playerName">) => playerKey(entry.world, entry.playerName);

function updateList(client: QueryClient, update: (players: PlayerSkillsEntry[]) => PlayerSkillsEntry[]) {
  client.setQueryData(playerSkillsQueryOptions.queryKey, (data) => (data ? { ...data, players: update(data.players) } : data));
}

export function useSavePlayerSkills() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlayerSkillsSave) => api.call(playerSkillRoutes.save, { body }),
    onSuccess: ({ player }) => {
      const key = keyOf(player);
      updateList(client, (players) =>
        players.some((p) => keyOf(p) === key) ? players.map((p) => (keyOf(p) === key ? player : p)) : [...players, player],
      );
      return client.invalidateQueries({ queryKey: playerSkillsKeys.all });
    },
  });
}

export function useDeletePlayerSkills() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlayerSkillsDelete) => api.call(playerSkillRoutes.remove, { body }),
    onSuccess: (_, body) => {
      const key = keyOf(body);
      updateList(client, (players) =>
        players.flatMap((p) => {
          if (keyOf(p) !== key) return [p];
          // A bot's player stays listed, back at zero.
          return p.fromBot ? [{ ...p, saved: false, skills: emptyPlayerSkillLevels, updatedAt: null }] : [];
        }),
      );
      return client.invalidateQueries({ queryKey: playerSkillsKeys.all });
    },
  });
}
