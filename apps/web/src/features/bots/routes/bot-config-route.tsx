// Bot config (/bots/:id/config): the bot's general settings (player, world, notes), editable by its
// owner and admins, next to its overview (status, owner, dates).
import { Button, Grid } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { SectionCard } from "@/components/ui/section-card";
import { paths } from "@/config/paths";
import { botQueryOptions } from "../api/bots-api";
import { BotOverviewCard } from "../components/bot-overview-card";
import { BotSettingsForm } from "../components/bot-settings-form";
import { BotNotFound, BotPageSkeleton, BotPageState, parseBotId } from "../components/bot-page-state";
import { botTexts } from "../texts";

export function BotConfigRoute() {
  const id = parseBotId(useParams().id);
  const query = useQuery({ ...botQueryOptions(id ?? 0), enabled: id !== undefined });
  const bot = query.data?.dsbot;
  return (
    <>
      <RoutePageHeader
        subtitle={bot ? `${bot.dsPlayer.name} · ${botTexts.generalSettings}` : undefined}
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
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <SectionCard title={botTexts.generalSettings} description={botTexts.generalHint}>
              <BotSettingsForm bot={bot} />
            </SectionCard>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <BotOverviewCard bot={bot} withConfigLink={false} />
          </Grid.Col>
        </Grid>
      ) : query.isError ? (
        <BotPageState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <BotPageSkeleton />
      )}
    </>
  );
}
