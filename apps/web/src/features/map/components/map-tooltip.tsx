// The hover tooltip: name (from the detail endpoint, debounced), coordinates, points, owner, tribe.
import { Group, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { WorldSummary } from "@dsbot/protocol";
import { formatCoord } from "@dsbot/protocol";
import type { Point, ViewSize } from "../lib/view";
import type { VillageInfo } from "../lib/village-info";
import { mapTexts } from "../texts";
import classes from "./map.module.css";
import { useVillageDetail, villageNameText } from "./village-name";

/** Wait this long on one village before asking the server for its name. */
export const TOOLTIP_NAME_DELAY_MS = 150;
const WIDTH = 240;
const HEIGHT = 110;
const OFFSET = 14;

/** Beside the village, flipped to the other side near the canvas edges. */
export function tooltipPosition(anchor: Point, size: ViewSize): { left: number; top: number } {
  const left = anchor.x + OFFSET + WIDTH > size.width ? Math.max(4, anchor.x - OFFSET - WIDTH) : anchor.x + OFFSET;
  const top = anchor.y + OFFSET + HEIGHT > size.height ? Math.max(4, anchor.y - OFFSET - HEIGHT) : anchor.y + OFFSET;
  return { left, top };
}

interface MapTooltipProps {
  world: WorldSummary;
  info: VillageInfo;
  anchor: Point;
  size: ViewSize;
}

export function MapTooltip({ world, info, anchor, size }: MapTooltipProps) {
  const [settled] = useDebouncedValue(info.id, TOOLTIP_NAME_DELAY_MS);
  const detail = useVillageDetail(world, info.id, settled === info.id);
  const name = villageNameText(detail.data?.village.name, detail.isError);
  const { left, top } = tooltipPosition(anchor, size);
  return (
    <div className={classes.tooltip} style={{ left, top }} role="tooltip" data-testid="map-tooltip">
      <Stack gap={2}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        <Group gap="xs">
          <Text size="xs" ff="monospace">
            {formatCoord(info)}
          </Text>
          <Text size="xs" c="dimmed">
            {info.continent}
          </Text>
          <Text size="xs" c="dimmed">
            {mapTexts.points(info.points)}
          </Text>
        </Group>
        <Text size="xs" truncate>
          {info.player ? info.player.name : info.bonusId > 0 ? `${mapTexts.barbarian} (${mapTexts.bonusVillage})` : mapTexts.barbarian}
        </Text>
        {info.player && (
          <Text size="xs" c="dimmed" truncate>
            {info.ally ? `[${info.ally.tag}] ${info.ally.name}` : mapTexts.noTribe}
          </Text>
        )}
      </Stack>
    </div>
  );
}
