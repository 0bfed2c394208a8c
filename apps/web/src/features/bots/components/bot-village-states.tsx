// The bot page's "Dörfer" tab: each village of the last inventory scan with its points,
// resources against the storage, farm, building levels, build and recruit queues and troops at home —
// where a player sees what the modules did; units and buildings show the game's names on hover. Live: a
// new scan of the bot loads it again. Paged on the server (a bot may hold thousands of villages).
import type { BotVillageState, Building } from "@dsbot/protocol";
import { buildingLabels, buildings, resourceLabels, resources, unitLabels, units, type Unit } from "@dsbot/protocol";
import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { IconBuildingCommunity } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { BuildingIcon } from "@/components/ui/building-icon";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { TablePagination } from "@/components/ui/table-pagination";
import { UnitIcon } from "@/components/ui/unit-icon";
import { errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { botVillageStatesQueryOptions, useBotVillageStatesRealtime } from "../api/bot-village-states-api";
import { botTexts } from "../texts";

const de = (n: number) => n.toLocaleString("de-DE");
const texts = botTexts.villageStates;

function timeOf(ms: number): string {
  return formatDate(ms).split(" ")[1] ?? "";
}

function VillageCard({ village }: { village: BotVillageState }) {
  const built = buildings.filter((b) => (village.buildings[b] ?? 0) > 0);
  const home = units.filter((u) => (village.units[u] ?? 0) > 0);
  return (
    <Card withBorder padding="md" data-village-id={village.villageId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text fw={600}>{village.name}</Text>
            <Text size="xs" c="dimmed">
              {village.coordinates} · {texts.points(de(village.points))}
            </Text>
          </div>
          <Badge variant="light" color="gray" tt="none">
            {texts.population(de(village.population.used), de(village.population.max))}
          </Badge>
        </Group>
        <Stack gap={4} aria-label={texts.resources}>
          {resources.map((r) => (
            <Group key={r} gap="xs" wrap="nowrap">
              <Text size="xs" w={44}>
                {resourceLabels[r]}
              </Text>
              <Progress value={village.storageCapacity > 0 ? (village.resources[r] / village.storageCapacity) * 100 : 0} size="sm" style={{ flex: 1 }} color={village.resources[r] >= village.storageCapacity ? "red" : "ember"} />
              <Text size="xs" w={120} ta="right" ff="monospace">
                {de(village.resources[r])} / {de(village.storageCapacity)}
              </Text>
            </Group>
          ))}
        </Stack>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {texts.buildings}
          </Text>
          <Group gap={6}>
            {built.map((b) => (
              <Badge key={b} variant="outline" color="gray" tt="none" data-building={b} leftSection={<BuildingIcon building={b} size={13} />}>
                {buildingLabels[b]} {village.buildings[b]}
              </Badge>
            ))}
          </Group>
        </div>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {texts.buildQueue}
          </Text>
          {village.buildQueue.length === 0 ? (
            <Text size="sm">{texts.empty}</Text>
          ) : (
            <Stack gap={2}>
              {village.buildQueue.map((q) => (
                <Text key={`${q.building}-${q.level}`} size="sm" data-queued={q.building}>
                  {texts.queued(buildingLabels[q.building as Building], q.level, timeOf(q.finishesAt))}
                </Text>
              ))}
            </Stack>
          )}
        </div>
        {village.recruitQueue.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {texts.recruitQueue}
            </Text>
            <Stack gap={2}>
              {village.recruitQueue.map((q, i) => (
                <Text key={i} size="sm">
                  {units
                    .filter((u) => (q.units[u] ?? 0) > 0)
                    .map((u) => `${de(q.units[u] ?? 0)} ${unitLabels[u]}`)
                    .join(", ")}{" "}
                  · {texts.until(timeOf(q.finishesAt))}
                </Text>
              ))}
            </Stack>
          </div>
        )}
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {texts.troops}
          </Text>
          {home.length === 0 ? (
            <Text size="sm">{texts.noTroops}</Text>
          ) : (
            <Group gap="sm">
              {home.map((u: Unit) => (
                <Group key={u} gap={4} wrap="nowrap">
                  <UnitIcon unit={u} />
                  <Text size="sm">{de(village.units[u] ?? 0)}</Text>
                </Group>
              ))}
            </Group>
          )}
        </div>
      </Stack>
    </Card>
  );
}

const perPageOptions = [12, 24, 48, 96];

export function BotVillageStates({ botId }: { botId: number }) {
  useBotVillageStatesRealtime(botId);
  const [activePage, setActivePage] = useState(1);
  const [perPage, setPerPage] = useState(perPageOptions[0]!);
  const query = useQuery({ ...botVillageStatesQueryOptions(botId, activePage, perPage), placeholderData: keepPreviousData });
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={320} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const { villages, totals, scannedAt } = query.data;
  if (totals === 0 || scannedAt === null) return <StateMessage icon={<IconBuildingCommunity size={26} />} title={texts.noneTitle} description={texts.noneHint} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {texts.scanned(totals, formatDate(scannedAt))}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" aria-busy={query.isFetching}>
        {villages.map((village) => (
          <VillageCard key={village.villageId} village={village} />
        ))}
      </SimpleGrid>
      <TablePagination
        activePage={activePage}
        perPage={perPage}
        totals={totals}
        perPageOptions={perPageOptions}
        onPageChange={setActivePage}
        onPerPageChange={(next) => {
          setPerPage(next);
          setActivePage(1);
        }}
      />
    </Stack>
  );
}
