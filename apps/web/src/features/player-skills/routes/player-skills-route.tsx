// Spieler Skills (/ds-player-skills): the tribe skills of the user's bots' players and of
// players the user adds by name, one card each, editable and saved per user. Freundschaft speeds up
// supports (shown as the support boost the planner uses).
import { Button, Stack } from "@mantine/core";
import { IconRobot, IconUsersGroup } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error-message";
import { playerKey, playerSkillsQueryOptions } from "../api/player-skills-api";
import { AddPlayerCard } from "../components/add-player-card";
import { PlayerCardGrid } from "../components/player-card-grid";
import { PlayerSkillsCard } from "../components/player-skills-card";
import { PlayerSkillsSkeleton } from "../components/player-skills-skeleton";
import { playerSkillsTexts as texts } from "../texts";

export function PlayerSkillsRoute() {
  const query = useQuery(playerSkillsQueryOptions);
  const players = query.data?.players ?? [];

  return (
    <>
      <RoutePageHeader />
      {query.isPending && <PlayerSkillsSkeleton />}
      {query.isError && <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <Stack gap="lg">
          <AddPlayerCard players={players} />
          {players.length === 0 ? (
            <StateMessage
              icon={<IconUsersGroup size={26} />}
              title={texts.emptyTitle}
              description={texts.emptyHint}
              action={
                <Button component={Link} to={paths.bots} variant="light" leftSection={<IconRobot size={16} />}>
                  {texts.toBots}
                </Button>
              }
            />
          ) : (
            <PlayerCardGrid>
              {players.map((entry) => (
                <PlayerSkillsCard key={playerKey(entry.world, entry.playerName)} entry={entry} />
              ))}
            </PlayerCardGrid>
          )}
        </Stack>
      )}
    </>
  );
}
