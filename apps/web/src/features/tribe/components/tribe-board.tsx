// Stammes-Eingänge: every member's incomings on the tribe's world, live — a summary over the whole board
// (how many, how many nobles, the next arrival's countdown) and when it was read, filters by member, kind
// and arrival window, the rows in the server's order (by arrival) and its pages. Times are the tribe's
// world's server time, never the browser's. Rows that have landed leave at once; the next answer has
// them gone and the counts right. Above it the open support requests ("Offene Anfragen"); a row's
// "Unterstützung anfordern" (for its member, a Koordinator or the Anführer) opens the request dialog.
import type { IncomingKind, TribeDetail, TribeIncoming } from "@dsbot/protocol";
import { formatServerTime, incomingKindLabels, incomingKinds, marketTimeZone } from "@dsbot/protocol";
import { Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable, useServerTableState } from "@/components/ui/server-table/use-server-table";
import { StateMessage } from "@/components/ui/states";
import { formatCountdown, useNow } from "@/lib/clock";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { useSession } from "@/lib/session";
import { tribeBoardQueryOptions } from "../api/tribe-board-api";
import { isRequested, mayRequestFor, tribeRequestsQueryOptions } from "../api/tribe-requests-api";
import { sameWorld } from "../api/tribes-api";
import { tribeBoardTexts as texts } from "../texts";
import { RequestSupportModal } from "./request-support-modal";
import { SupportRequests } from "./support-requests";
import { TribeBoardTable, type RequestActions } from "./tribe-board-table";

const ALL = "all";
const perPageOptions = [25, 50, 100];

/** The server time zone of the tribe's world: the user's own where it is their world, else its market's. */
function useTribeTimeZone(tribe: TribeDetail): string {
  const userWorld = useSession((state) => state.user?.world);
  const userZone = useServerTimeZone();
  return sameWorld(userWorld, tribe.world) ? userZone : marketTimeZone(tribe.world.server);
}

function Summary({ count, nobles, next, now, zone }: { count: number; nobles: number; next: number | null; now: number; zone: string }) {
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={texts.summaryLabel}>
      <Text size="sm" fw={600} data-summary="count">
        {texts.count(count)}
      </Text>
      <Text size="sm" c={nobles > 0 ? "yellow.4" : "dimmed"} data-summary="nobles">
        · {texts.nobles(nobles)}
      </Text>
      {next !== null && (
        <Text size="sm" data-summary="next" title={`${formatServerTime(next, zone)} ${texts.serverTime}`}>
          · {texts.nextArrival}{" "}
          <Text span ff="monospace" inherit>
            {formatCountdown(next - now)}
          </Text>
        </Text>
      )}
    </Group>
  );
}

export function TribeBoard({ tribe }: { tribe: TribeDetail }) {
  const now = useNow();
  const zone = useTribeTimeZone(tribe);
  const kindLabelId = useId();
  const [member, setMember] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<IncomingKind | "">("");
  const [within, setWithin] = useState<number | undefined>(undefined);
  const state = useServerTableState<"arrivalTime">({ perPage: 50, sortBy: "arrivalTime" });
  const userId = useSession((s) => s.user?.id);
  const [requesting, setRequesting] = useState<TribeIncoming | null>(null);
  const myRole = tribe.myRole;
  // The same between renders while role and user stay: the table's columns are built from them.
  const canRequest = useCallback((incoming: TribeIncoming) => mayRequestFor({ myRole }, userId, incoming.member.userId), [myRole, userId]);
  const onRequest = useCallback((incoming: TribeIncoming) => setRequesting(incoming), []);
  // The open requests (the same query as "Offene Anfragen" above): a row already asked for shows so.
  const openRequests = useQuery(tribeRequestsQueryOptions(tribe.id)).data?.requests;
  const requested = useCallback((incoming: TribeIncoming) => isRequested(openRequests ?? [], incoming), [openRequests]);
  // An admin who is not a member only looks: no action column at all.
  const actions = useMemo<RequestActions | undefined>(
    () => (myRole === null ? undefined : { canRequest, requested, onRequest }),
    [myRole, canRequest, requested, onRequest],
  );
  const list = useServerTable({
    state,
    query: tribeBoardQueryOptions(tribe.id, { activePage: state.activePage, perPage: state.perPage, member, kind, within }),
    rows: (data) => data.incomings,
    perPageOptions,
  });
  const { query } = list;

  const rows = useMemo(() => list.rows.filter((i) => i.arrivalTime > now), [list.rows, now]);
  const landed = list.rows.length > rows.length;
  const { refetch, isFetching } = query;
  useEffect(() => {
    if (landed && !isFetching) void refetch();
  }, [landed, isFetching, refetch]);

  // A changed filter goes back to page 1, as a changed page size does.
  const page = (change: () => void) => {
    change();
    state.setActivePage(1);
  };
  const filtered = member !== undefined || kind !== "" || within !== undefined;
  const summary = query.data?.summary;
  const memberChoices = useMemo(
    () => [{ value: ALL, label: texts.filters.allMembers }, ...tribe.members.map((m) => ({ value: String(m.userId), label: m.username }))],
    [tribe.members],
  );

  const toolbar = (
    <Stack gap="sm" p="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {texts.title}
          </Title>
          {summary && (
            <Summary count={summary.count} nobles={summary.nobles} next={summary.nextArrival !== null && summary.nextArrival > now ? summary.nextArrival : null} now={now} zone={zone} />
          )}
        </Stack>
        {query.data && (
          <Text size="xs" c="dimmed" ff="monospace" data-read-at>
            {texts.readAt(`${formatServerTime(query.data.readAt, zone).slice(0, -4)} ${texts.serverTime}`)}
          </Text>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={texts.filters.member}
          data={memberChoices}
          value={member === undefined ? ALL : String(member)}
          onChange={(value) => page(() => setMember(value && value !== ALL ? Number(value) : undefined))}
          allowDeselect={false}
          w={180}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabelId}>
            {texts.filters.kind}
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            value={kind || ALL}
            onChange={(value) => page(() => setKind(value === ALL ? "" : (value as IncomingKind)))}
            data={[{ value: ALL, label: texts.filters.allKinds }, ...incomingKinds.map((k) => ({ value: k, label: incomingKindLabels[k] }))]}
          />
        </Stack>
        <Select
          label={texts.filters.within}
          data={texts.filters.withinOptions}
          value={within === undefined ? ALL : String(within)}
          onChange={(value) => page(() => setWithin(value && value !== ALL ? Number(value) : undefined))}
          allowDeselect={false}
          w={160}
        />
      </Group>
    </Stack>
  );

  return (
    <section aria-label={texts.title} data-testid="tribe-board">
      <Stack gap="md">
        <SupportRequests tribe={tribe} zone={zone} />
        <ServerTableCard
          query={query}
          pagination={list.pagination}
          toolbar={toolbar}
          blank={query.isSuccess && rows.length === 0 && !filtered && state.activePage === 1 && <StateMessage framed={false} icon={<IconShieldCheck size={26} />} title={texts.empty} description={texts.emptyHint} />}
        >
          <TribeBoardTable incomings={rows} loading={query.isFetching} now={now} zone={zone} emptyText={texts.emptyFiltered} actions={actions} />
        </ServerTableCard>
      </Stack>
      <RequestSupportModal tribeId={tribe.id} incoming={requesting} zone={zone} onClose={() => setRequesting(null)} />
    </section>
  );
}
