// A support request's closed loop on the board: what was asked, planned, sent and has arrived (each in
// the need's measure: Einwohner, or the asked units), what is still missing, the supports that are late
// or failed, and the planned supports themselves with their state. The states follow the clock: a sent
// support becomes "angekommen" the moment its arrival passes, and any support once the target's scan saw
// it in the village (packages/protocol/src/tribe-defence.ts).
import type { TribeDefenceSupport, TribeRequestNeed, TribeSupportRequest, TribeSupportState, UnitCounts } from "@dsbot/protocol";
import { formatServerTime, requestProgress, supportState, tribeSupportStateLabels, unitLabels } from "@dsbot/protocol";
import { Badge, Group, Progress, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Card, CardField, PHONE_QUERY } from "@/components/ui/card-list";
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

/** A support's state, with the bot's error when it failed. */
/** The state; a sighting in the target village (the proof of an arrival no bot confirmed), or the command's error while it counts as failed. */
function StateCell({ state, support, zone }: { state: TribeSupportState; support: TribeDefenceSupport; zone: string }) {
  return (
    <>
      <SupportStateBadge state={state} />
      {support.seenInVillageAt !== null ? (
        <Text size="xs" c="dimmed">
          {texts.seenInVillage(serverTime(support.seenInVillageAt, zone))}
        </Text>
      ) : (
        support.error && (
          <Text size="xs" c="red.4">
            {support.error}
          </Text>
        )
      )}
    </>
  );
}

/** Server time without the milliseconds; with `countdown`, the time left until it. */
function TimeCell({ time, zone, countdown }: { time: number; zone: string; countdown?: number }) {
  return (
    <>
      <Text size="xs" ff="monospace">
        {serverTime(time, zone)}
      </Text>
      {countdown !== undefined && <Countdown left={countdown} />}
    </>
  );
}

/** The time left until a planned support is sent; none once it is due or gone. */
const sendCountdown = (support: TribeDefenceSupport, state: TribeSupportState, now: number) => (state === "planned" && support.sendAt > now ? support.sendAt - now : undefined);

export function SupportTable(props: SupportTableProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  return phone ? <SupportCards {...props} /> : <SupportRows {...props} />;
}

/** On a phone each support is a card: the state first, where a table would scroll it out of view. */
function SupportCards({ supports, neededBy, now, zone, label, target, preview = false }: SupportTableProps) {
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {supports.map((support, index) => {
        const state = supportState(support, neededBy(support), now);
        return (
          <div role="listitem" key={support.id ?? `new-${index}`} data-support-id={support.id ?? undefined}>
            <Card rowId={support.id ?? -index - 1}>
              {!preview && (
                <CardField label={texts.state}>
                  <StateCell state={state} support={support} zone={zone} />
                </CardField>
              )}
              <CardField label={target ? texts.target : texts.member}>
                <Text size="xs">{target ? target(support) : support.member.username}</Text>
              </CardField>
              <CardField label={texts.from}>
                <Text size="xs">
                  {support.source.name} ({support.source.coordinates})
                </Text>
              </CardField>
              <CardField label={texts.units}>
                <Text size="xs">{unitsText(support.units)}</Text>
              </CardField>
              <CardField label={texts.send}>
                <TimeCell time={support.sendAt} zone={zone} countdown={sendCountdown(support, state, now)} />
              </CardField>
              <CardField label={texts.arrival}>
                <TimeCell time={support.realArrivalAt ?? support.arrivalAt} zone={zone} />
              </CardField>
            </Card>
          </div>
        );
      })}
    </Stack>
  );
}

function SupportRows({ supports, neededBy, now, zone, label, target, preview = false }: SupportTableProps) {
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
                  <TimeCell time={support.sendAt} zone={zone} countdown={sendCountdown(support, state, now)} />
                </Table.Td>
                <Table.Td>
                  <TimeCell time={support.realArrivalAt ?? support.arrivalAt} zone={zone} />
                </Table.Td>
                {!preview && (
                  <Table.Td>
                    <StateCell state={state} support={support} zone={zone} />
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
