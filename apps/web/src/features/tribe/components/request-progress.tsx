// A support request's closed loop on the board: what was asked, planned, sent and has arrived (each in
// the need's measure: Einwohner, or the asked units), what is still missing, the supports that are late
// or failed, and the planned supports themselves with their state. The states follow the clock: a sent
// support becomes "angekommen" the moment its arrival passes (packages/protocol/src/tribe-defence.ts).
import type { TribeDefenceSupport, TribeRequestNeed, TribeSupportRequest, TribeSupportState, UnitCounts } from "@dsbot/protocol";
import { formatServerTime, requestProgress, supportState, tribeSupportStateLabels, unitLabels } from "@dsbot/protocol";
import { Badge, Group, Progress, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { Countdown } from "@/features/incomings";
import { formatCount, tribeDefenceTexts as texts } from "../texts";

const stateColors: Record<TribeSupportState, string> = { planned: "gray", sent: "blue", arrived: "green", late: "orange", failed: "red" };

/** "Annas Burg (500|500)", or the coordinates of a village without a name. */
export const villageText = (village: TribeSupportRequest["village"]) => (village.name ? `${village.name} (${village.coordinates})` : village.coordinates);

/** "1.200 Einwohner" or "300 Einheiten": a figure in the need's measure. */
export function measureText(need: TribeRequestNeed, value: number): string {
  return `${formatCount(value)} ${need.kind === "population" ? "Einwohner" : "Einheiten"}`;
}

export function unitsText(units: UnitCounts): string {
  return Object.entries(units)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([unit, n]) => `${formatCount(n ?? 0)} ${unitLabels[unit as keyof typeof unitLabels]}`)
    .join(", ");
}

export function SupportStateBadge({ state }: { state: TribeSupportState }) {
  return (
    <Badge size="sm" variant="light" radius="sm" color={stateColors[state]} data-support-state={state}>
      {tribeSupportStateLabels[state]}
    </Badge>
  );
}

const serverTime = (time: number, zone: string) => formatServerTime(time, zone).slice(0, -4);

export function RequestProgress({ request, now, label }: { request: TribeSupportRequest; now: number; label: string }) {
  const progress = requestProgress(request.need, request.neededBy, request.supports, now);
  const share = (value: number) => (progress.requested === 0 ? 0 : Math.min(100, (value / progress.requested) * 100));
  const figures = [
    [texts.requested, progress.requested, "requested"],
    [texts.planned, progress.planned, "planned"],
    [texts.sent, progress.sent, "sent"],
    [texts.arrived, progress.arrived, "arrived"],
  ] as const;
  return (
    <Stack gap={4} aria-label={label} role="group">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="xs" verticalSpacing={2}>
        {figures.map(([name, value, key]) => (
          <Text key={key} size="xs" c="dimmed" data-progress={key} data-value={value}>
            {name}:{" "}
            <Text span fw={600} c="gray.2">
              {measureText(request.need, value)}
            </Text>
          </Text>
        ))}
      </SimpleGrid>
      {progress.planned > 0 && (
        <Progress.Root size="sm" aria-hidden>
          <Progress.Section value={share(progress.arrived)} color="green" />
          <Progress.Section value={Math.max(0, share(progress.sent) - share(progress.arrived))} color="blue" />
          <Progress.Section value={Math.max(0, share(progress.planned) - share(progress.sent))} color="gray" />
        </Progress.Root>
      )}
      <Group gap="md" wrap="wrap">
        {progress.missing > 0 && (
          <Text size="xs" c="orange.4" data-missing={progress.missing}>
            {texts.missing(measureText(request.need, progress.missing))}
          </Text>
        )}
        {progress.troubled > 0 && (
          <Text size="xs" c="red.4" data-troubled={progress.troubled}>
            {texts.troubled(progress.troubled)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

interface SupportTableProps {
  supports: readonly TribeDefenceSupport[];
  /** Each support's deadline (its request's). */
  neededBy: (support: TribeDefenceSupport) => number;
  now: number;
  zone: string;
  label: string;
  /** The column after the member: where it goes (Meine Befehle) instead of the member. */
  target?: (support: TribeDefenceSupport) => string;
  /** A preview: no state column (nothing is planned yet). */
  preview?: boolean;
}

export function SupportTable({ supports, neededBy, now, zone, label, target, preview = false }: SupportTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={label} verticalSpacing={4} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{target ? texts.target : texts.member}</Table.Th>
            <Table.Th>{texts.from}</Table.Th>
            <Table.Th>{texts.units}</Table.Th>
            <Table.Th>{texts.send}</Table.Th>
            <Table.Th>{texts.arrival}</Table.Th>
            {!preview && <Table.Th>{texts.state}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {supports.map((support, index) => {
            const state = supportState(support, neededBy(support), now);
            return (
              <Table.Tr key={support.id ?? `new-${index}`} data-support-id={support.id ?? undefined}>
                <Table.Td>{target ? target(support) : support.member.username}</Table.Td>
                <Table.Td>
                  {support.source.name} ({support.source.coordinates})
                </Table.Td>
                <Table.Td>{unitsText(support.units)}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {serverTime(support.sendAt, zone)}
                  </Text>
                  {state === "planned" && support.sendAt > now && <Countdown left={support.sendAt - now} />}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {serverTime(support.realArrivalAt ?? support.arrivalAt, zone)}
                  </Text>
                </Table.Td>
                {!preview && (
                  <Table.Td>
                    <SupportStateBadge state={state} />
                    {support.error && (
                      <Text size="xs" c="red.4">
                        {support.error}
                      </Text>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
