// One option of a village: the squad's units, how long it is out, and when it is back if sent now (server
// time, from the one shared clock). An option the village has not unlocked shows a lock (with the end of
// an unlock a bot started); one with a bot's squad out says when it is back; an unlocked one that gets no
// squad a dash.
import type { ScavengeOptionId, Unit } from "@dsbot/protocol";
import { Group, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { NamedIcon } from "@/components/ui/named-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { UnitIcon } from "@/components/ui/unit-icon";
import { formatCountdown, useNow } from "@/lib/clock";
import { useServerTimeZone } from "@/lib/server-time-zone";
import type { PlannedVillage } from "../lib/scavenge-plan";
import { gameTimeText, returnTimeText } from "../lib/return-time";
import { scavengeTexts as texts } from "../texts";

function ReturnTime({ seconds }: { seconds: number }) {
  const now = useNow();
  const zone = useServerTimeZone();
  return (
    <Tooltip label={texts.squad.backTitle}>
      <span data-return-time>{texts.squad.back(returnTimeText(now, seconds, zone))}</span>
    </Tooltip>
  );
}

/** A game time (ms) as the return time text, in server time. */
function GameTime({ at, format }: { at: number; format: (time: string) => string }) {
  const now = useNow();
  const zone = useServerTimeZone();
  return <>{format(gameTimeText(now, at, zone))}</>;
}

export function SquadCell({ village, option }: { village: PlannedVillage; option: ScavengeOptionId }) {
  const unlocking = village.unlocking[option];
  if (!village.excluded && !village.options.includes(option)) {
    return (
      <Group gap={4} wrap="nowrap" c="dimmed" data-option={option} data-locked>
        <NamedIcon glyph={IconLock} label={texts.squad.locked} size={14} data={{ "data-locked-icon": String(option) }} />
        {unlocking !== undefined && (
          <Text size="xs" c="dimmed" data-unlocking>
            <GameTime at={unlocking} format={texts.squad.unlocking} />
          </Text>
        )}
      </Group>
    );
  }
  const busy = village.busy[option];
  if (busy !== undefined) {
    return (
      <Stack gap={2} data-option={option} data-busy>
        <Text size="sm" c="blue">
          {texts.squad.out}
        </Text>
        {busy.haul !== null && (
          <Text size="xs" style={{ whiteSpace: "nowrap" }} data-busy-haul>
            {texts.squad.outHaul(busy.haul)}
          </Text>
        )}
        <Tooltip label={texts.squad.outTitle}>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }} data-busy-until>
            <GameTime at={busy.until} format={texts.squad.outBack} />
          </Text>
        </Tooltip>
      </Stack>
    );
  }
  const squad = village.squads[option];
  if (!squad) {
    return (
      <Text size="sm" c="dimmed" data-option={option}>
        {texts.squad.none}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-option={option}>
      <Group gap={8} wrap="wrap">
        {(Object.entries(squad.units) as [Unit, number][]).map(([unit, n]) => (
          <Group key={unit} gap={3} wrap="nowrap">
            <UnitIcon unit={unit} size={14} />
            <Text size="sm" data-unit={unit}>
              {texts.number(n)}
            </Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        <span data-duration>{formatCountdown(Math.round(squad.seconds) * 1000)}</span>
        <br />
        <ReturnTime seconds={squad.seconds} />
      </Text>
    </Stack>
  );
}
