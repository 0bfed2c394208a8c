// The bot manager selection view: pick the active runner connection, select idle bots that
// have a bot-user connection, and start the selection on that runner. Page size 5.
import { botStatusFilterOrder, type Dsbot } from "@dsbot/protocol";
import { Button, Checkbox, Group, Select, Stack, Table, Text } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { SectionCard } from "@/components/ui/section-card";
import { TablePagination } from "@/components/ui/table-pagination";
import { Tooltip } from "@/components/ui/tooltip";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { botKeys, botsQueryOptions, runnerConnectionsQueryOptions, startBot } from "../api/bots-api";
import type { BotListParams, RunnerConnection } from "../api/types";
import { isBotSelectable, useBotManager } from "../stores/bot-manager-store";
import { botTexts } from "../texts";
import { BotStatusBadge } from "@/components/ui/bot-status-badge";

export const BOT_MANAGER_PAGE_SIZE = 5;

/** For each selected bot, its bot-user connection on the runner of the active connection. */
export function startTargets(
  selected: Dsbot[],
  active: RunnerConnection | undefined,
  runnerConnections: RunnerConnection[],
): { bot: Dsbot; connectionId: number }[] {
  if (!active) return [];
  return selected.flatMap((bot) => {
    const match = runnerConnections.find((c) => c.dsbotId === bot.id && c.runnerName === active.runnerName);
    return match ? [{ bot, connectionId: match.id }] : [];
  });
}

function runnerLabel(name: string | null | undefined): string {
  return name || "Dsbot";
}

/** The active-connection choices: one per connected runner, "Demo-Runner · 3 Bots", valued by its first connection's id. */
export function runnerOptions(connections: RunnerConnection[]): { value: string; label: string }[] {
  const runners = new Map<string, RunnerConnection[]>();
  for (const c of connections) {
    const name = runnerLabel(c.runnerName);
    runners.set(name, [...(runners.get(name) ?? []), c]);
  }
  return [...runners].map(([name, list]) => {
    const first = Math.min(...list.map((c) => c.id));
    const bots = new Set(list.map((c) => c.dsbotId)).size;
    return { value: String(first), label: `${name} · ${botTexts.runnerBots(bots)}` };
  });
}

export function BotManagerCard() {
  const client = useQueryClient();
  const [activePage, setActivePage] = useState(1);
  const params: BotListParams = { activePage, perPage: BOT_MANAGER_PAGE_SIZE, searchVal: "", sortBy: "player", statusFilter: [...botStatusFilterOrder] };
  const botsQuery = useQuery({ ...botsQueryOptions(params), placeholderData: keepPreviousData });
  const runnersQuery = useQuery(runnerConnectionsQueryOptions());
  const { bots, activeConnectionId, selectedIds, setBots, setActiveConnection, toggleSelected, toggleSelectAll, clearSelection } = useBotManager();
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (botsQuery.data) setBots(botsQuery.data.dsbots);
  }, [botsQuery.data, setBots]);

  // A page beyond the end (its last bots deleted) shows the last page instead of an empty one.
  const lastPage = Math.max(1, Math.ceil((botsQuery.data?.totals ?? 0) / BOT_MANAGER_PAGE_SIZE));
  useEffect(() => {
    if (botsQuery.isSuccess && !botsQuery.isPlaceholderData && activePage > lastPage) setActivePage(lastPage);
  }, [botsQuery.isSuccess, botsQuery.isPlaceholderData, activePage, lastPage]);

  const runnerConnections = useMemo(() => runnersQuery.data?.websocketConnections ?? [], [runnersQuery.data]);
  const active = runnerConnections.find((c) => c.id === activeConnectionId);

  // A stored active connection that the server no longer lists is gone: clear it.
  useEffect(() => {
    if (runnersQuery.data && activeConnectionId !== null && !active) {
      setActiveConnection(null);
      clearSelection();
    }
  }, [runnersQuery.data, activeConnectionId, active, setActiveConnection, clearSelection]);

  // One entry per runner (its name and how many bots it offers), standing for the runner's first
  // connection: the start goes to the selected bots' connections on that runner (startTargets).
  const options = useMemo(() => runnerOptions(runnerConnections), [runnerConnections]);

  const eligible = bots.filter(isBotSelectable);
  const selectedOnPage = eligible.filter((b) => selectedIds.includes(b.id));
  const allChecked = eligible.length > 0 && selectedOnPage.length === eligible.length;

  const startSelected = async () => {
    const selected = bots.filter((b) => selectedIds.includes(b.id));
    const targets = startTargets(selected, active, runnerConnections);
    setStarting(true);
    const results = await Promise.allSettled(targets.map((t) => startBot(t.bot.id, t.connectionId)));
    setStarting(false);
    const ok = results.filter((r) => r.status === "fulfilled").length;
    if (ok > 0) alert.success(botTexts.startedSelected(ok));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) alertError(failed.reason);
    if (targets.length < selected.length) alert.warning(botTexts.startSkipped(selected.length - targets.length));
    clearSelection();
    void client.invalidateQueries({ queryKey: botKeys.lists });
  };

  return (
    <SectionCard
      title={botTexts.manager}
      description={botTexts.managerHint}
      action={
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          disabled={!active || selectedIds.length === 0}
          loading={starting}
          onClick={() => void startSelected()}
        >
          {botTexts.startSelected}
        </Button>
      }
    >
      <Stack gap="md">
        <Select
          label={botTexts.activeConnection}
          placeholder={runnerConnections.length ? botTexts.activeConnectionPlaceholder : botTexts.noRunnerConnections}
          data={options}
          value={activeConnectionId === null ? null : String(activeConnectionId)}
          onChange={(value) => setActiveConnection(value ? Number(value) : null)}
          disabled={runnerConnections.length === 0}
          clearable
          maw={420}
        />
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="xs" aria-label={botTexts.managerLabel} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={botTexts.selectAll}
                    checked={allChecked}
                    indeterminate={selectedOnPage.length > 0 && !allChecked}
                    disabled={eligible.length === 0}
                    onChange={toggleSelectAll}
                  />
                </Table.Th>
                <Table.Th>{botTexts.columns.player}</Table.Th>
                <Table.Th>{botTexts.columns.status}</Table.Th>
                <Table.Th>{botTexts.runnerConnection}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bots.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm" ta="center" py="md">
                      {botsQuery.isFetching ? "…" : botTexts.empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {bots.map((bot) => {
                const selectable = isBotSelectable(bot);
                const runners = bot.websocketConnections.filter((c) => c.origin === "bot-user");
                return (
                  <Table.Tr key={bot.id} data-selectable={selectable || undefined}>
                    <Table.Td>
                      <Tooltip label={botTexts.notSelectable} disabled={selectable}>
                        <span>
                          <Checkbox
                            aria-label={botTexts.selectBot(bot.dsPlayer.name)}
                            checked={selectedIds.includes(bot.id)}
                            disabled={!selectable}
                            onChange={() => toggleSelected(bot.id)}
                          />
                        </span>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {bot.dsPlayer.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <BotStatusBadge status={bot.status} protectedSince={bot.protectedSince} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={runners.length ? undefined : "dimmed"}>
                        {runners.length ? runners.map((c) => runnerLabel(c.runnerName)).join(", ") : "–"}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {botTexts.selectedCount(selectedIds.length)}
          </Text>
        </Group>
        <TablePagination activePage={activePage} perPage={BOT_MANAGER_PAGE_SIZE} totals={botsQuery.data?.totals ?? 0} onPageChange={setActivePage} />
      </Stack>
    </SectionCard>
  );
}
