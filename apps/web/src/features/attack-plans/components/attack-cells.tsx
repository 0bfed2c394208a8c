// The cells of the attack table: villages and players as links into the game, units as icons with
// their counts, the type as an icon with its name in a tooltip, the status as a coloured badge (a failed
// attack's error in the tooltip) and the server times with their milliseconds.
import type { AttackStatus, AttackType, AttackVillage, World } from "@dsbot/protocol";
import { attackStatusLabels, attackTypeLabels, playerInfoUrl, villageInfoUrl } from "@dsbot/protocol";
import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCrown, IconGhost, IconGhost2, IconShield, IconSword, IconWall, type Icon } from "@tabler/icons-react";
import { Tooltip } from "@/components/ui/tooltip";
import { UnitIcon } from "@/components/ui/unit-icon";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { splitServerTime } from "../lib/times";
import { formulaEntries, isUnit, unitEntries } from "../lib/units";
import { attackPlanTexts as texts } from "../texts";

export const attackStatusColors: Record<AttackStatus, string> = {
  planned: "blue",
  due: "yellow",
  sent: "green",
  failed: "red",
  expired: "gray",
  cancelled: "dark",
};

const typeIcons: Record<AttackType, { icon: Icon; color: string }> = {
  attack: { icon: IconSword, color: "red" },
  conquer: { icon: IconCrown, color: "grape" },
  fake: { icon: IconGhost, color: "gray" },
  wallbreaker: { icon: IconWall, color: "orange" },
  support: { icon: IconShield, color: "teal" },
  fake_support: { icon: IconGhost2, color: "cyan" },
};

const externalLink = { target: "_blank", rel: "noopener noreferrer" } as const;

export function VillageLink({ village, world }: { village: AttackVillage; world: World }) {
  const text = (
    <Text span size="sm" ff="monospace">
      {village.coordinates}
    </Text>
  );
  if (!(village.id > 0)) return text;
  return (
    <Tooltip label={village.name}>
      <Anchor href={villageInfoUrl(world, village.id)} {...externalLink} size="sm" underline="hover" aria-label={`${village.name} (${village.coordinates})`}>
        {text}
      </Anchor>
    </Tooltip>
  );
}

export function PlayerLink({ player, world }: { player: AttackVillage["player"]; world: World }) {
  if (!player) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {texts.barbarian}
      </Text>
    );
  }
  if (!(player.id > 0)) return <Text size="sm">{player.name}</Text>;
  return (
    <Anchor href={playerInfoUrl(world, player.id)} {...externalLink} size="sm" c="gray.0" underline="hover">
      {player.name}
    </Anchor>
  );
}

/** One unit's badge: its icon and count, or (grape, monospace) its DS Workbench formula. */
function UnitBadge(props: { unit: string; label: string; text: string; name: string; tooltip: string; formula?: string }) {
  const { unit, label, text, name, tooltip, formula } = props;
  return (
    <Tooltip label={tooltip}>
      <Badge
        size="sm"
        variant="light"
        color={formula ? "grape" : "gray"}
        radius="sm"
        tt="none"
        data-unit={unit}
        data-formula={formula}
        aria-label={name}
        leftSection={isUnit(unit) ? <UnitIcon unit={unit} size={13} /> : undefined}
        ff={formula ? "monospace" : undefined}
      >
        {isUnit(unit) ? "" : `${label} `}
        {text}
      </Badge>
    </Tooltip>
  );
}

/** The units with their counts, and the DS Workbench formulas (worked out when the bot sends) highlighted. */
export function UnitBadges({ units, formulas }: { units: Record<string, number>; formulas?: Record<string, string> | undefined }) {
  const entries = unitEntries(units);
  const dynamic = formulaEntries(formulas);
  if (entries.length === 0 && dynamic.length === 0) return <Text c="dimmed">–</Text>;
  return (
    <Group gap={4} wrap="wrap" data-testid="attack-units">
      {dynamic.map((entry) => (
        <UnitBadge
          key={`f-${entry.unit}`}
          unit={entry.unit}
          label={entry.label}
          text={entry.formula}
          formula={entry.formula}
          name={texts.formulaBadge(entry.label, entry.formula)}
          tooltip={texts.formulaBadge(entry.label, entry.formula)}
        />
      ))}
      {entries.map((entry) => (
        <UnitBadge
          key={entry.unit}
          unit={entry.unit}
          label={entry.label}
          text={entry.count.toLocaleString("de-DE")}
          name={`${entry.count} ${entry.label}`}
          tooltip={entry.label}
        />
      ))}
    </Group>
  );
}

export function AttackTypeIcon({ type }: { type: AttackType }) {
  const { icon: TypeIcon, color } = typeIcons[type] ?? typeIcons.attack;
  const label = attackTypeLabels[type] ?? type;
  return (
    <Tooltip label={label}>
      <ThemeIcon size={24} radius="sm" variant="light" color={color} aria-label={label} role="img" data-type={type}>
        <TypeIcon size={15} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}

export function AttackStatusBadge({ status, error }: { status: AttackStatus; error?: string | null }) {
  const badge = (
    <Badge size="sm" variant="light" color={attackStatusColors[status] ?? "gray"} data-status={status} tt="none">
      {attackStatusLabels[status] ?? status}
    </Badge>
  );
  if (status !== "failed" || !error) return badge;
  return (
    <Tooltip label={`${texts.sendError}: ${error}`} multiline maw={320}>
      {badge}
    </Tooltip>
  );
}

/**
 * The planned arrival and, once a bot sent the attack, where its command really lands with the
 * difference in ms (green within the 50 ms a noble train needs, orange beyond).
 */
export function ArrivalTime({ planned, real }: { planned: number; real: number | null }) {
  const zone = useServerTimeZone();
  if (real === null) return <ServerTime ms={planned} />;
  const drift = real - planned;
  return (
    <Stack gap={0}>
      <ServerTime ms={planned} />
      <Tooltip label={texts.realArrivalHint}>
        <Text size="xs" c={Math.abs(drift) <= 50 ? "teal.4" : "orange.4"} ff="monospace" style={{ whiteSpace: "nowrap" }} data-testid="attack-real-arrival">
          {texts.realArrival(clockTime(real, zone), drift)}
        </Text>
      </Tooltip>
    </Stack>
  );
}

/** `HH:mm:ss:SSS` of a server time. */
function clockTime(ms: number, zone: string): string {
  const { main, millis } = splitServerTime(ms, zone);
  return `${main.slice(-8)}${millis}`;
}

/** A server time in the zone of the plan around (else the user's world). */
export function ServerTime({ ms }: { ms: number }) {
  const { main, millis } = splitServerTime(ms, useServerTimeZone());
  return (
    <Text size="sm" style={{ whiteSpace: "nowrap" }} ff="monospace">
      {main}
      <Text span size="xs" c="dimmed" ff="monospace">
        {millis}
      </Text>
    </Text>
  );
}
