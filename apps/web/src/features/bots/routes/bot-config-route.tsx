// Bot config (/bots/:id/config): the bot's general settings (player, world, owner, dates); read-only for now.
import { Button } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { paths } from "@/config/paths";
import { botQueryOptions } from "../api/bots-api";
import { BotOverviewCard } from "../components/bot-overview-card";
import { BotNotFound, BotPageSkeleton, BotPageState, parseBotId } from "../components/bot-page-state";
import { botTexts } from "../texts";

export function BotConfigRoute() {
  const id = parseBotId(useParams().id);
  const query = useQuery({ ...botQueryOptions(id ?? 0), enabled: id !== undefined });
  const bot = query.data?.dsbot;
  return (
    <>
      <RoutePageHeader
        subtitle={bot ? `${bot.dsPlayer.name} · ${botTexts.generalHint}` : undefined}
        actions={
          bot && (
            <Button component={Link} to={paths.botDetail(bot.id)} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {botTexts.backToBot}
            </Button>
          )
        }
      />
      {id === undefined ? (
        <BotNotFound />
      ) : bot ? (
        <BotOverviewCard bot={bot} withConfigLink={false} title={botTexts.generalSettings} />
      ) : query.isError ? (
        <BotPageState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <BotPageSkeleton />
      )}
    </>
  );
}
