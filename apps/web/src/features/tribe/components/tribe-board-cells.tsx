// Cells of Stammes-Eingänge (the tribe's board), on top of the incomings feature's own: the target with
// the member it is reported by (and how many reported it), the origin with its attacker, the kind with
// the row's place in its noble train ("Adelszug 2/4"), and the defending village's troops as its member
// shares them (their age, defensive units only where so shared), or why there are none, and its wall.
import type { TribeDefence, TribeIncoming } from "@dsbot/protocol";
import { formatServerTime, units } from "@dsbot/protocol";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { Tooltip } from "@/components/ui/tooltip";
import { UnitIcon } from "@/components/ui/unit-icon";
import { AttackerCell, IncomingKindBadge, VillageCell } from "@/features/incomings";
import { tribeBoardTexts as texts } from "../texts";

const de = (n: number) => n.toLocaleString("de-DE");

/** The target village, the member who reported it under it, and "3 Meldungen" where several did. */
export function TargetCell({ incoming }: { incoming: TribeIncoming }) {
  return (
    <Stack gap={2} align="flex-start">
      <VillageCell village={incoming.target} world={incoming.world} />
      <Text size="xs" fw={600} aria-label={texts.reportedBy(incoming.member.username)} data-member={incoming.member.userId}>
        {incoming.member.username}
      </Text>
      <SeenBy count={incoming.seenBy} />
    </Stack>
  );
}

export function SeenBy({ count }: { count: number }) {
  if (count <= 1) return null;
  return (
    <Tooltip label={texts.seenByHint(count)}>
      <Badge size="xs" variant="default" radius="sm" tabIndex={0} data-seen-by={count}>
        {texts.seenBy(count)}
      </Badge>
    </Tooltip>
  );
}

/** The origin village and its attacker (player and tribe; "Barbaren" without a player). */
export function OriginCell({ incoming }: { incoming: TribeIncoming }) {
  return (
    <Stack gap={2} align="flex-start">
      <VillageCell village={incoming.origin} world={incoming.world} />
      <AttackerCell player={incoming.origin.player} />
    </Stack>
  );
}

/** How many commands the train of `trainId` has among `rows` (its highest place, or its rows if more). */
export function trainSize(rows: readonly TribeIncoming[], trainId: number): number {
  const train = rows.filter((row) => row.trainId === trainId);
  return Math.max(train.length, ...train.map((row) => row.trainIndex ?? 0));
}

export function KindCell({ incoming, size }: { incoming: TribeIncoming; size: number }) {
  return (
    <Stack gap={2} align="flex-start">
      <IncomingKindBadge kind={incoming.kind} reason={incoming.kindReason} />
      {incoming.trainId !== null && incoming.trainIndex !== null && (
        <Text size="xs" c="yellow.4" data-train={incoming.trainId} style={{ whiteSpace: "nowrap" }}>
          {texts.train(incoming.trainIndex, size)}
        </Text>
      )}
    </Stack>
  );
}

function Wall({ level }: { level: number | null }) {
  if (level === null) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }} data-wall={level}>
      {texts.defence.wall(level)}
    </Text>
  );
}

/** The defending village's troops at home as shared, or "nicht geteilt" / "unbekannt"; the wall where known. */
export function DefenceCell({ defence, now, zone }: { defence: TribeDefence; now: number; zone: string }) {
  const t = texts.defence;
  const { troops } = defence;
  if (troops === null) {
    const notShared = defence.sharing === "none";
    return (
      <Stack gap={2} align="flex-start" data-defence={notShared ? "not-shared" : "unknown"}>
        <Tooltip label={notShared ? t.notSharedHint : t.unknownHint}>
          <Text size="sm" c="dimmed" fs="italic" tabIndex={0}>
            {notShared ? t.notShared : t.unknown}
          </Text>
        </Tooltip>
        <Wall level={defence.wall} />
      </Stack>
    );
  }
  const home = units.filter((unit) => (troops[unit] ?? 0) > 0);
  const at = defence.troopsAt;
  return (
    <Stack gap={4} align="flex-start" data-defence="shared">
      {home.length > 0 ? (
        <Group gap={8} wrap="wrap" role="group" aria-label={t.troopsLabel} maw={220}>
          {home.map((unit) => (
            <Group key={unit} gap={3} wrap="nowrap" data-unit={unit}>
              <UnitIcon unit={unit} size={14} />
              <Text size="xs">{de(troops[unit] ?? 0)}</Text>
            </Group>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t.noTroops}
        </Text>
      )}
      <Group gap={6} wrap="wrap">
        {defence.sharing === "defensive" && (
          <Tooltip label={t.defensiveOnlyHint}>
            <Badge size="xs" variant="light" color="blue" radius="sm" tabIndex={0}>
              {t.defensiveOnly}
            </Badge>
          </Tooltip>
        )}
        {at !== null && (
          <Tooltip label={t.sharedBy(defence.member?.username ?? "–", `${formatServerTime(at, zone).slice(0, -4)} ${texts.serverTime}`)}>
            <Text size="xs" c="dimmed" tabIndex={0} style={{ whiteSpace: "nowrap" }} data-troops-age>
              {texts.age(now - at)}
            </Text>
          </Tooltip>
        )}
        <Wall level={defence.wall} />
      </Group>
    </Stack>
  );
}
