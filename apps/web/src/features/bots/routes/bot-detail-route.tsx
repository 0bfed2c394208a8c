// Bot detail (/bots/:id): overview, actions, connections, modules, access and log; the
// "Dörfer" tab (?tab=villages) shows the villages of the last inventory scan.
import { Grid, SimpleGrid, Stack, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { botConnectionsQueryOptions, botQueryOptions } from "../api/bots-api";
import { BotAccessCard } from "../components/bot-access-card";
import { BotActionsCard } from "../components/bot-actions-card";
import { BotConnectionsCard } from "../components/bot-connections-card";
import { BotLogsCard } from "../components/bot-logs-card";
import { BotModulesCard } from "../components/bot-modules-card";
import { BotOverviewCard } from "../components/bot-overview-card";
import { BotUsageCard } from "../components/bot-usage-card";
import { BotNotFound, BotPageSkeleton, BotPageState, parseBotId } from "../components/bot-page-state";
import { BotStatusBadge } from "@/components/ui/bot-status-badge";
import { BotVillageStates } from "../components/bot-village-states";
import { botTexts } from "../texts";

export function BotDetailRoute() {
  const id = parseBotId(useParams().id);
  if (id === undefined) {
    return (
      <>
        <RoutePageHeader />
        <BotNotFound />
      </>
    );
  }
  return <BotDetail id={id} />;
}

function BotDetail({ id }: { id: number }) {
  const query = useQuery(botQueryOptions(id));
  const connections = useQuery({ ...botConnectionsQueryOptions(id), enabled: query.isSuccess });
  const bot = query.data?.dsbot;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "villages" ? "villages" : "overview";

  if (!bot) {
    return (
      <>
        <RoutePageHeader />
        {query.isError ? <BotPageState error={query.error} onRetry={() => void query.refetch()} /> : <BotPageSkeleton />}
      </>
    );
  }

  return (
    <>
      <RoutePageHeader
        title={bot.dsPlayer.name}
        subtitle={`${bot.world.world.toUpperCase()} · ${bot.world.server}`}
        actions={<BotStatusBadge status={bot.status} protectedSince={bot.protectedSince} size="lg" />}
      />
      <Tabs value={tab} onChange={(value) => setSearchParams(value === "villages" ? { tab: "villages" } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview">{botTexts.tabs.overview}</Tabs.Tab>
          <Tabs.Tab value="villages">{botTexts.tabs.villages}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <BotOverviewCard bot={bot} />
              <Stack gap="lg">
                <BotActionsCard bot={bot} />
                <BotConnectionsCard connections={connections.data?.websocketConnections ?? bot.websocketConnections} />
                <BotUsageCard botId={bot.id} />
              </Stack>
            </SimpleGrid>
            <BotModulesCard bot={bot} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <BotAccessCard botId={bot.id} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <BotLogsCard botId={bot.id} />
              </Grid.Col>
            </Grid>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="villages">
          <BotVillageStates botId={bot.id} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
