// The bot list card: toolbar, table, pagination; state kept in the browser (bot-table-store).
import type { Dsbot } from "@dsbot/protocol";
import { Button } from "@mantine/core";
import { useCallback } from "react";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable } from "@/components/ui/server-table/use-server-table";
import { StateMessage } from "@/components/ui/states";
import { botsQueryOptions } from "../api/bots-api";
import { useConfirmDeleteBot } from "../api/delete-bot";
import { botListParams, botTableDefaults, useBotTable } from "../stores/bot-table-store";
import { botTexts } from "../texts";
import { BotTableToolbar } from "./bot-table-toolbar";
import { BotsTable } from "./bots-table";

export const botPerPageOptions = [5, 10, 25, 50];

export function BotListCard({ onCreate }: { onCreate: () => void }) {
  const prefs = useBotTable();
  const list = useServerTable({
    state: prefs,
    query: botsQueryOptions(botListParams(prefs)),
    rows: (data) => data.dsbots,
    perPageOptions: botPerPageOptions,
    clampToLastPage: true,
  });
  const confirmDelete = useConfirmDeleteBot();
  const onDelete = useCallback((bot: Dsbot) => void confirmDelete(bot.id), [confirmDelete]);

  const reset = () => {
    list.search.reset(botTableDefaults.searchVal);
    prefs.reset();
  };

  return (
    <ServerTableCard
      query={list.query}
      pagination={list.pagination}
      toolbar={
        <BotTableToolbar
          search={list.search.value}
          onSearchChange={list.search.onChange}
          statusFilter={prefs.statusFilter}
          onStatusFilterChange={prefs.setStatusFilter}
          hiddenColumns={prefs.hiddenColumns}
          onToggleColumn={prefs.toggleColumn}
          onReset={reset}
        />
      }
    >
      <BotsTable
        bots={list.rows}
        loading={list.query.isFetching}
        sortBy={list.sortBy}
        onSortByChange={list.onSortByChange}
        hiddenColumns={prefs.hiddenColumns}
        onDelete={onDelete}
        empty={
          <StateMessage
            framed={false}
            title={botTexts.empty}
            description={botTexts.emptyHint}
            action={
              <Button variant="light" onClick={onCreate}>
                {botTexts.create}
              </Button>
            }
          />
        }
      />
    </ServerTableCard>
  );
}
