// Truppen (/dashboard-units): a row per own village from the bots' inventory scans and the
// pasted troops overviews — unit counts in the chosen view with their population and Off/Def/Gemischt/Leer
// (worked out by the server for that view), the scan's time; filters, sorting, the sum over every filtered
// village; export as CSV or BB-code.
import type { TroopClass, TroopView, Unit } from "@dsbot/protocol";
import { troopClasses, troopViews, units } from "@dsbot/protocol";
import { Button, Group, Menu, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconClipboardText, IconDownload, IconSearch, IconTrash, IconUsersGroup } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable, useServerTableState } from "@/components/ui/server-table/use-server-table";
import { StateMessage } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { fetchAllTroops, troopsQueryOptions, useClearPastedTroops, useTroopsRealtime, type TroopListParams } from "../api/troops-api";
import { TroopsPasteModal } from "../components/troops-paste-modal";
import { TroopsTable, type TroopSortBy } from "../components/troops-table";
import { downloadText } from "@/lib/download";
import { troopsBbcode, troopsCsv } from "../lib/troop-export";
import { troopTexts as texts } from "../texts";
import classes from "./troops-route.module.css";

export function TroopsRoute() {
  useTroopsRealtime();
  const [player, setPlayer] = useState("");
  const [troopClass, setTroopClass] = useState<TroopClass | "">("");
  const [view, setView] = useState<TroopView>("total");
  const state = useServerTableState<TroopSortBy>({ perPage: 50, sortBy: "village" });
  const [importing, setImporting] = useState(false);
  const searchVal = state.searchVal.trim();
  const filters: TroopListParams = { searchVal, player, class: troopClass, sortBy: state.sortBy, view };
  const list = useServerTable({
    state,
    query: troopsQueryOptions({ ...filters, activePage: state.activePage, perPage: state.perPage }),
    rows: (page) => page.troops,
    perPageOptions: [25, 50, 100],
  });
  const { query } = list;
  const clear = useClearPastedTroops();
  const data = query.data;
  const unitColumns = useMemo<Unit[]>(() => units.filter((u) => (data?.sum.total[u] ?? 0) > 0), [data]);
  // A changed filter goes back to page 1, as a changed search, sort or page size does.
  const page = (change: () => void) => {
    change();
    state.setActivePage(1);
  };
  const filtered = searchVal !== "" || player !== "" || troopClass !== "";

  const exportAs = async (format: "csv" | "bbcode" | "file") => {
    try {
      const all = await fetchAllTroops(filters);
      const columns = units.filter((u) => (all.sum.total[u] ?? 0) > 0);
      if (format === "file") return downloadText("truppen.csv", `\uFEFF${troopsCsv(all.troops, columns, view)}`, "text/csv");
      await navigator.clipboard.writeText(format === "csv" ? troopsCsv(all.troops, columns, view) : troopsBbcode(all.troops, columns, view));
      alert.success(texts.exported(format === "csv" ? texts.exportCsv : texts.exportBbcode));
    } catch (error) {
      alertError(error);
    }
  };
  const clearPasted = async () => {
    if (!(await confirm({ title: texts.clearPastedConfirm, message: texts.clearPastedHint, confirmLabel: texts.clearPasted, danger: true }))) return;
    clear.mutate(undefined, { onSuccess: () => alert.success(texts.cleared), onError: alertError });
  };

  return (
    <>
      <RoutePageHeader
        actions={
          <Group gap="sm">
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={18} />} disabled={!data || data.totals === 0}>
                  {texts.exportLabel}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void exportAs("bbcode")}>{texts.exportBbcode}</Menu.Item>
                <Menu.Item onClick={() => void exportAs("csv")}>{texts.exportCsv}</Menu.Item>
                <Menu.Item onClick={() => void exportAs("file")}>{texts.downloadCsv}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {data?.troops.some((t) => t.source === "paste") && (
              <Button variant="default" color="red" leftSection={<IconTrash size={18} />} onClick={() => void clearPasted()}>
                {texts.clearPasted}
              </Button>
            )}
            <Button leftSection={<IconClipboardText size={18} />} onClick={() => setImporting(true)}>
              {texts.importOverview}
            </Button>
          </Group>
        }
      />
      <ServerTableCard
        query={query}
        pagination={list.pagination}
        blank={query.isSuccess && data?.totals === 0 && !filtered && <StateMessage framed={false} icon={<IconUsersGroup size={26} />} title={texts.emptyTitle} description={texts.emptyHint} />}
        toolbar={
          <Group className={classes.toolbar} gap="sm" align="flex-end" wrap="wrap">
            <TextInput label={texts.filters.search} leftSection={<IconSearch size={16} />} value={list.search.value} onChange={(e) => list.search.onChange(e.currentTarget.value)} w={200} />
            <Select
              label={texts.filters.player}
              placeholder={texts.filters.allPlayers}
              data={data?.players ?? []}
              value={player || null}
              onChange={(value) => page(() => setPlayer(value ?? ""))}
              clearable
              searchable
              w={200}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="troop-class-label">
                {texts.filters.class}
              </Text>
              <SegmentedControl
                aria-labelledby="troop-class-label"
                value={troopClass || "all"}
                onChange={(value) => page(() => setTroopClass(value === "all" ? "" : (value as TroopClass)))}
                data={[{ value: "all", label: texts.filters.allClasses }, ...troopClasses.map((c) => ({ value: c, label: texts.classes[c] }))]}
              />
            </Stack>
            <Select
              label={texts.viewLabel}
              data={troopViews.map((v) => ({ value: v, label: texts.views[v] }))}
              value={view}
              onChange={(value) => value && page(() => setView(value as TroopView))}
              allowDeselect={false}
              w={240}
            />
          </Group>
        }
      >
        <TroopsTable data={data} unitColumns={unitColumns} loading={query.isFetching} sortBy={list.sortBy} onSortByChange={list.onSortByChange} emptyText={texts.emptyFiltered} />
      </ServerTableCard>
      <TroopsPasteModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
