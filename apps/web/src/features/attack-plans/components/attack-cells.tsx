// The cells of the attack table: villages (coordinates and name) and players as links into the game,
// units as icons with their counts (the game's names on hover), the type as an icon with its name in a tooltip, the status as a coloured badge (a failed
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
import classes from "./attack-cells.module.css";

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

/**
 * A village: its coordinates, linked to the game's village info where its id is known, and its name
 * under them (wrapping, never cut).
 */
export function VillageLink({ village, world }: { village: AttackVillage; world: World }) {
  const coords = (
    <Text span size="sm" ff="monospace">
      {village.coordinates}
    </Text>
  );
  return (
    <div className={classes.village}>
      {village.id > 0 ? (
        <Anchor href={villageInfoUrl(world, village.id)} {...externalLink} size="sm" underline="hover" aria-label={`${village.name} (${village.coordinates})`}>
          {coords}
        </Anchor>
      ) : (
        coords
      )}
      {village.name && (
        <Text size="xs" c="dimmed" className={classes.wrap} data-village-name>
          {village.name}
        </Text>
      )}
    </div>
  );
}

/** A player's name, linked to the game's player info where the id is known; a long name wraps, never cut. */
export function PlayerLink({ player, world }: { player: AttackVillage["player"]; world: World }) {
  if (!player) {
    return (
      <Text size="sm" c="dimmed" fs="italic" className={classes.wrap}>
        {texts.barbarian}
      </Text>
    );
  }
  if (!(player.id > 0))
    return (
      <Text size="sm" className={classes.wrap}>
        {player.name}
      </Text>
    );
  return (
    <Anchor href={playerInfoUrl(world, player.id)} {...externalLink} size="sm" c="gray.0" underline="hover" className={classes.wrap}>
      {player.name}
    </Anchor>
  );
}

/** One unit's badge: its icon and count, or (grape, monospace) its DS Workbench formula. */
function UnitBadge(props: { unit: string; label: string; text: string; name: string; tooltip: string; formula?: string; compact: boolean }) {
  const { unit, label, text, name, tooltip, formula, compact } = props;
  return (
    <Tooltip label={tooltip}>
      <Badge
        size={compact ? "xs" : "sm"}
        px={compact ? 4 : undefined}
        // The table's badges are never cut: the column grows to the widest one.
        maw={compact ? undefined : "100%"}
        classNames={compact ? { label: classes.badgeLabel } : undefined}
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
export function UnitBadges({ units, formulas, compact = false }: { units: Record<string, number>; formulas?: Record<string, string> | undefined; compact?: boolean }) {
  const entries = unitEntries(units);
  const dynamic = formulaEntries(formulas);
  if (entries.length === 0 && dynamic.length === 0) return <Text c="dimmed">–</Text>;
  return (
    <Group gap={compact ? 2 : 4} wrap="wrap" data-testid="attack-units">
      {dynamic.map((entry) => (
        <UnitBadge
          key={`f-${entry.unit}`}
          unit={entry.unit}
          label={entry.label}
          text={entry.formula}
          formula={entry.formula}
          compact={compact}
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
          compact={compact}
          name={`${entry.count} ${entry.label}`}
          tooltip={entry.label}
        />
      ))}
    </Group>
  );
}

/**
 * The type as an icon with its name as tooltip and accessible name. Compact (the table's 10 px column):
 * the bare icon in its colour, centred, reaching into the neighbours' padding.
 */
export function AttackTypeIcon({ type, compact = false }: { type: AttackType; compact?: boolean }) {
  const { icon: TypeIcon, color } = typeIcons[type] ?? typeIcons.attack;
  const label = attackTypeLabels[type] ?? type;
  return (
    <Tooltip label={label}>
      {compact ? (
        <span className={classes.typeIcon} role="img" aria-label={label} data-type={type} style={{ color: `var(--mantine-color-${color}-5)` }}>
          <TypeIcon size={15} aria-hidden />
        </span>
      ) : (
        <ThemeIcon size={24} radius="sm" variant="light" color={color} aria-label={label} role="img" data-type={type}>
          <TypeIcon size={15} aria-hidden />
        </ThemeIcon>
      )}
    </Tooltip>
  );
}

/**
 * The status: a coloured dot and its word ("Fehler" for "Fehlgeschlagen", the rest in full); the full word
 * is its tooltip and accessible name, a failed attack's error follows.
 */
export function AttackStatusBadge({ status, error }: { status: AttackStatus; error?: string | null }) {
  const full = attackStatusLabels[status] ?? status;
  const color = attackStatusColors[status] ?? "gray";
  const tooltip =
    status === "failed" && error ? (
      <>
        <div>{full}</div>
        <div>{`${texts.sendError}: ${error}`}</div>
      </>
    ) : (
      full
    );
  return (
    <Tooltip label={tooltip} multiline maw={320}>
      <span className={classes.status} data-status={status} role="img" aria-label={full} style={{ color: `var(--mantine-color-${color}-4)` }}>
        <span className={classes.statusDot} aria-hidden style={{ background: `var(--mantine-color-${color}-5)` }} />
        <span aria-hidden>{texts.statusShort[status] ?? full}</span>
      </span>
    </Tooltip>
  );
}

/**
 * The planned arrival and, once a bot sent the attack, where its command really lands with the
 * difference in ms (green within the 50 ms a noble train needs, orange beyond).
 */
export function ArrivalTime({ planned, real, stacked = false }: { planned: number; real: number | null; stacked?: boolean }) {
  const zone = useServerTimeZone();
  if (real === null) return <ServerTime ms={planned} stacked={stacked} />;
  const drift = real - planned;
  const { label, time } = texts.realArrival(clockTime(real, zone), drift);
  return (
    <Stack gap={0}>
      <ServerTime ms={planned} stacked={stacked} />
      <Tooltip label={texts.realArrivalHint}>
        <Text size="11px" lh={1.35} c={Math.abs(drift) <= 50 ? "teal.4" : "orange.4"} data-testid="attack-real-arrival">
          {/* "tatsächlich" above the time when stacked; the text reads "tatsächlich HH:mm:ss:SSS (+n ms)" either way. */}
          <span className={stacked ? classes.block : undefined}>{label}</span> <span className={classes.mono}>{time}</span>
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

/**
 * A server time in the zone of the plan around (else the user's world). Stacked (the table's 150 px
 * columns): the date small above the time; the text reads "DD.MM.YY HH:mm:ss:SSS" either way.
 */
export function ServerTime({ ms, stacked = false }: { ms: number; stacked?: boolean }) {
  const { main, millis } = splitServerTime(ms, useServerTimeZone());
  const [date, clock] = main.split(" ");
  return (
    <Text size="sm" style={{ whiteSpace: "nowrap" }} ff="monospace" lh={stacked ? 1.35 : undefined}>
      <span className={stacked ? classes.date : undefined}>{date}</span> {clock}
      <Text span size="xs" c="dimmed" ff="monospace">
        {millis}
      </Text>
    </Text>
  );
}
