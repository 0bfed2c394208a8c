// Eingehende Angriffe (/incomings): the incoming commands of the bots the user may see and the
// SOS texts they pasted — live countdowns, likely unit, kind, noble trains, tags; filters and sorting on
// the server. A row leaves when its command lands; a scan or a paste elsewhere updates the list live.
import type { Incoming, IncomingKind, Unit } from "@dsbot/protocol";
import { formatServerTime, incomingKinds, parseCoord, unitLabels, units } from "@dsbot/protocol";
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconClipboardText, IconSearch, IconShieldCheck, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { PasteImportModal } from "@/components/ui/paste-import-modal";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable, useServerTableState } from "@/components/ui/server-table/use-server-table";
import { StateMessage } from "@/components/ui/states";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { formatCountdown, useNow } from "@/lib/clock";
import { useDebounced } from "@/lib/debounce";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { incomingsQueryOptions, useClearPastedIncomings, useDeleteIncoming, useImportSos, useIncomingsRealtime, useTagIncoming } from "../api/incomings-api";
import { DefendModal } from "../components/defend-modal";
import { IncomingsTable, type IncomingSortBy } from "../components/incomings-table";
import { incomingTexts as texts } from "../texts";
import classes from "./incomings-route.module.css";

const FILTER_DELAY = 300;

function Summary({ count, nobles, next, now, zone }: { count: number; nobles: number; next: number | null; now: number; zone: string }) {
  const item = (label: string, value: string, detail?: string, color?: string) => (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" ff="monospace">
          {detail}
        </Text>
      )}
    </Paper>
  );
  return (
    <div className={classes.summary} aria-label={texts.tableLabel} role="group">
      {item(texts.summary.count, count.toLocaleString("de-DE"))}
      {item(texts.summary.nobles, nobles.toLocaleString("de-DE"), undefined, nobles > 0 ? "yellow.4" : undefined)}
      {item(texts.summary.next, next !== null ? formatCountdown(next - now) : texts.summary.none, next !== null ? `${formatServerTime(next, zone)} ${texts.serverTime}` : undefined)}
    </div>
  );
}

export function IncomingsRoute() {
  useIncomingsRealtime();
  const now = useNow();
  const zone = useServerTimeZone();
  const [target, setTarget] = useState("");
  const [attacker, setAttacker] = useState("");
  const [likelyUnit, setLikelyUnit] = useState<Unit | "">("");
  const [kind, setKind] = useState<IncomingKind | "">("");
  const state = useServerTableState<IncomingSortBy>({ perPage: 25, sortBy: "arrivalTime" });
  const [importing, setImporting] = useState(false);
  const targetValid = target.trim() === "" || parseCoord(target).ok;
  const debouncedTarget = useDebounced(targetValid ? target.trim() : "", FILTER_DELAY);
  const debouncedAttacker = useDebounced(attacker.trim(), FILTER_DELAY);

  const list = useServerTable({
    state,
    query: incomingsQueryOptions({ activePage: state.activePage, perPage: state.perPage, sortBy: state.sortBy, target: debouncedTarget, attacker: debouncedAttacker, likelyUnit, kind }),
    rows: (data) => data.incomings,
  });
  const { query } = list;
  const tag = useTagIncoming();
  const remove = useDeleteIncoming();
  const importSos = useImportSos();
  const clearPasted = useClearPastedIncomings();

  // Landed commands leave at once; the next answer has them gone and the counts right.
  const rows = useMemo(() => list.rows.filter((i) => i.arrivalTime > now), [list.rows, now]);
  const landed = list.rows.length > rows.length;
  const { refetch, isFetching } = query;
  useEffect(() => {
    if (landed && !isFetching) void refetch();
  }, [landed, isFetching, refetch]);

  // The mutations' functions are stable (the mutation objects are new on every render): with them the
  // row actions, and so the table's columns, stay the same and its cells are not remounted.
  const { mutateAsync: saveTag } = tag;
  const { mutate: removeIncoming } = remove;
  const onTag = useCallback(
    (incoming: Incoming, value: string) =>
      saveTag({ id: incoming.id, tag: value || null }).then(
        () => alert.success(texts.tagSaved),
        (error: unknown) => alertError(error),
      ),
    [saveTag],
  );
  const onDelete = useCallback(
    (incoming: Incoming) =>
      void confirm({ title: texts.deletePasted, message: `${incoming.origin.coordinates} → ${incoming.target.coordinates}`, confirmLabel: texts.deletePasted, danger: true }).then((ok) => {
        if (!ok) return;
        removeIncoming(incoming.id, { onSuccess: () => alert.success(texts.deleted), onError: alertError });
      }),
    [removeIncoming],
  );
  const onClearPasted = async () => {
    if (!(await confirm({ title: texts.clearPastedConfirm, message: texts.clearPastedHint, confirmLabel: texts.clearPasted, danger: true }))) return;
    clearPasted.mutate(undefined, { onSuccess: () => alert.success(texts.clearedPasted), onError: alertError });
  };
  const [defending, setDefending] = useState<Incoming | null>(null);
  const actions = useMemo(() => ({ onTag, onDelete, onDefend: setDefending }), [onTag, onDelete]);
  // A changed filter goes back to page 1, as a changed sort or page size does.
  const page = (change: () => void) => {
    change();
    state.setActivePage(1);
  };
  const filtered = debouncedTarget !== "" || debouncedAttacker !== "" || likelyUnit !== "" || kind !== "";
  const summary = query.data?.summary;

  return (
    <>
      <RoutePageHeader
        actions={
          <Group gap="sm">
            {query.data?.incomings.some((i) => i.source === "paste") && (
              <Button variant="default" color="red" leftSection={<IconTrash size={18} />} onClick={() => void onClearPasted()}>
                {texts.clearPasted}
              </Button>
            )}
            <Button leftSection={<IconClipboardText size={18} />} onClick={() => setImporting(true)}>
              {texts.importSos}
            </Button>
          </Group>
        }
      />
      {summary && <Summary count={summary.count} nobles={summary.nobles} next={summary.nextArrival !== null && summary.nextArrival > now ? summary.nextArrival : null} now={now} zone={zone} />}
      <ServerTableCard
        query={query}
        pagination={list.pagination}
        blank={query.isSuccess && rows.length === 0 && !filtered && <StateMessage framed={false} icon={<IconShieldCheck size={26} />} title={texts.emptyTitle} description={texts.emptyHint} />}
        toolbar={
          <Group className={classes.toolbar} gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={texts.filters.target}
              placeholder={texts.filters.targetPlaceholder}
              value={target}
              error={targetValid ? undefined : texts.filters.targetInvalid}
              onChange={(e) => page(() => setTarget(e.currentTarget.value))}
              w={120}
            />
            <TextInput
              label={texts.filters.attacker}
              placeholder={texts.filters.attackerPlaceholder}
              leftSection={<IconSearch size={16} />}
              value={attacker}
              onChange={(e) => page(() => setAttacker(e.currentTarget.value))}
              w={200}
            />
            <Select
              label={texts.filters.unit}
              placeholder={texts.filters.anyUnit}
              data={units.map((u) => ({ value: u, label: unitLabels[u] }))}
              value={likelyUnit || null}
              onChange={(value) => page(() => setLikelyUnit((value as Unit | null) ?? ""))}
              clearable
              w={220}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="incoming-kind-label">
                {texts.filters.kind}
              </Text>
              <SegmentedControl
                aria-labelledby="incoming-kind-label"
                value={kind || "all"}
                onChange={(value) => page(() => setKind(value === "all" ? "" : (value as IncomingKind)))}
                data={[{ value: "all", label: texts.filters.allKinds }, ...incomingKinds.map((k) => ({ value: k, label: texts.kinds[k] }))]}
              />
            </Stack>
          </Group>
        }
      >
        <IncomingsTable
          incomings={rows}
          loading={query.isFetching}
          now={now}
          zone={zone}
          sortBy={list.sortBy}
          onSortByChange={list.onSortByChange}
          actions={actions}
          emptyText={texts.emptyFiltered}
        />
      </ServerTableCard>
      <DefendModal incoming={defending} zone={zone} onClose={() => setDefending(null)} />
      <PasteImportModal
        opened={importing}
        onClose={() => setImporting(false)}
        texts={{ title: texts.importTitle, label: texts.importLabel, hint: texts.importHint, submit: texts.importSubmit, problems: texts.importProblems }}
        onImport={async (text, options) => (await importSos.mutateAsync({ text, ...options })).message}
        repeatedHourZone={zone}
        onImported={(message) => alert.success(message)}
      />
    </>
  );
}
