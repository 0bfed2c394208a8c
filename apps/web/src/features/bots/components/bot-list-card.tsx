// The bot list card: toolbar, table, pagination; state kept in the browser (bot-table-store).
import type { Dsbot } from "@dsbot/protocol";
import { Button, Card, Stack } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { TablePagination } from "@/components/ui/table-pagination";
import { errorMessage } from "@/lib/api-error-message";
import { useDebouncedCallback } from "@/lib/debounce";
import { botsQueryOptions } from "../api/bots-api";
import { useConfirmDeleteBot } from "../api/delete-bot";
import { botListParams, useBotTable } from "../stores/bot-table-store";
import { botTexts } from "../texts";
import { BotTableToolbar } from "./bot-table-toolbar";
import { BotsTable } from "./bots-table";
import classes from "./bots.module.css";

/** The bot list search is sent 300 ms after typing stops. */
export const BOT_SEARCH_DELAY = 300;
export const botPerPageOptions = [5, 10, 25, 50];

export function BotListCard({ onCreate }: { onCreate: () => void }) {
  const prefs = useBotTable();
  const [search, setSearch] = useState(prefs.searchVal);
  const sendSearch = useDebouncedCallback(prefs.setSearchVal, BOT_SEARCH_DELAY);
  const onSearchChange = useCallback(
    (value: string) => {
      setSearch(value);
      sendSearch(value);
    },
    [sendSearch],
  );

  const params = botListParams(prefs);
  const query = useQuery({ ...botsQueryOptions(params), placeholderData: keepPreviousData });
  const bots = query.data?.dsbots ?? [];
  const totals = query.data?.totals ?? 0;
  // A kept page beyond the end (the last rows deleted, fewer bots than before) shows the last page.
  const lastPage = Math.max(1, Math.ceil(totals / prefs.perPage));
  const { setActivePage } = prefs;
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && prefs.activePage > lastPage) setActivePage(lastPage);
  }, [query.isSuccess, query.isPlaceholderData, prefs.activePage, lastPage, setActivePage]);
  const confirmDelete = useConfirmDeleteBot();
  const onDelete = useCallback((bot: Dsbot) => void confirmDelete(bot.id), [confirmDelete]);

  const reset = () => {
    sendSearch.cancel();
    prefs.reset();
    setSearch("");
  };

  return (
    <Card padding={0}>
      <Stack gap={0}>
        <BotTableToolbar
          search={search}
          onSearchChange={onSearchChange}
          statusFilter={prefs.statusFilter}
          onStatusFilterChange={prefs.setStatusFilter}
          hiddenColumns={prefs.hiddenColumns}
          onToggleColumn={prefs.toggleColumn}
          onReset={reset}
        />
        {query.isError && !query.data ? (
          <div className={classes.toolbar}>
            <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
          </div>
        ) : (
          <BotsTable
            bots={bots}
            loading={query.isFetching}
            sortBy={prefs.sortBy}
            onSortByChange={prefs.setSortBy}
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
        )}
        <div className={classes.footer}>
          <TablePagination
            activePage={prefs.activePage}
            perPage={prefs.perPage}
            totals={totals}
            perPageOptions={botPerPageOptions}
            onPageChange={prefs.setActivePage}
            onPerPageChange={prefs.setPerPage}
          />
        </div>
      </Stack>
    </Card>
  );
}
