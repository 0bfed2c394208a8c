// The legend over the map: the colour of each kind of village with its count, the chosen attack plan's
// line colours per attack type with their counts, and the user's marks (players and tribes with a
// colour each, kept in the browser) with adding, recolouring and removing.
import { attackTypeColors, attackTypeLabels, attackTypes } from "@dsbot/protocol";
import { ActionIcon, CloseButton, ColorSwatch, Group, Popover, Stack, Text } from "@mantine/core";
import type { WorldData } from "@/lib/world-data";
import type { PlanLines } from "../api/plan-lines";
import type { MapMark, MarkKind } from "../lib/classify";
import { CLASS_BARBARIAN, CLASS_BONUS, CLASS_OTHER, CLASS_OWN, CLASS_TRIBE, classColors, FIRST_MARK, markSwatches } from "../lib/classify";
import { resolveJump } from "../lib/jump";
import { mapTexts } from "../texts";
import classes from "./map.module.css";
import { OwnerSearchField } from "./owner-search-field";

const legendClasses = ["own", "tribe", "other", "barbarian", "bonus"] as const;
const classIndex = { other: CLASS_OTHER, barbarian: CLASS_BARBARIAN, bonus: CLASS_BONUS, own: CLASS_OWN, tribe: CLASS_TRIBE } as const;

interface MapLegendProps {
  data: WorldData;
  marks: readonly MapMark[];
  /** Villages per colour index. */
  counts: readonly number[];
  onAddMark: (mark: Omit<MapMark, "color">) => void;
  onRemoveMark: (kind: MarkKind, id: number) => void;
  onColor: (kind: MarkKind, id: number, color: string) => void;
  /** The attack plan whose lines are shown, if any. */
  plan?: { name: string; lines: PlanLines } | null;
}

function MarkRow({ mark, count, onRemove, onColor }: { mark: MapMark; count: number; onRemove: () => void; onColor: (color: string) => void }) {
  const label = mark.kind === "ally" ? `[${mark.label}]` : mark.label;
  return (
    <Group gap={6} wrap="nowrap" data-testid="map-mark">
      <Popover position="top" withArrow>
        <Popover.Target>
          <ActionIcon variant="transparent" size="sm" aria-label={mapTexts.markColor(label)}>
            <ColorSwatch color={mark.color} size={14} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Group gap={6} maw={170}>
            {markSwatches.map((color) => (
              <ColorSwatch key={color} component="button" type="button" color={color} size={22} aria-label={color} onClick={() => onColor(color)} style={{ cursor: "pointer" }} />
            ))}
          </Group>
        </Popover.Dropdown>
      </Popover>
      <Text size="xs" truncate style={{ flex: 1 }}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {count.toLocaleString("de-DE")}
      </Text>
      <CloseButton size="xs" aria-label={mapTexts.markRemove(label)} onClick={onRemove} />
    </Group>
  );
}

function PlanSection({ name, lines }: { name: string; lines: PlanLines }) {
  const { overlay } = lines;
  return (
    <>
      <Text size="xs" fw={600} mt={4} truncate>
        {mapTexts.planLegend(name)}
      </Text>
      {lines.loading ? (
        <Text size="xs" c="dimmed">
          {mapTexts.planLoading}
        </Text>
      ) : lines.failed || !overlay ? (
        <Text size="xs" c="red">
          {mapTexts.planLoadFailed}
        </Text>
      ) : overlay.count === 0 ? (
        <Text size="xs" c="dimmed">
          {mapTexts.planEmpty}
        </Text>
      ) : (
        <>
          {attackTypes
            .filter((type) => overlay.counts[type] > 0)
            .map((type) => (
              <Group key={type} gap={6} wrap="nowrap" data-testid="map-plan-type">
                <ColorSwatch color={attackTypeColors[type]} size={12} className={classes.swatch} />
                <Text size="xs" style={{ flex: 1 }}>
                  {attackTypeLabels[type]}
                </Text>
                <Text size="xs" c="dimmed">
                  {overlay.counts[type].toLocaleString("de-DE")}
                </Text>
              </Group>
            ))}
          <Text size="xs" c="dimmed">
            {mapTexts.planFaint}
          </Text>
        </>
      )}
    </>
  );
}

export function MapLegend({ data, marks, counts, onAddMark, onRemoveMark, onColor, plan }: MapLegendProps) {
  const add = (value: string): string | null => {
    const target = resolveJump(value, data);
    if (target.kind === "player") onAddMark({ kind: "player", id: target.player.id, label: target.player.name });
    else if (target.kind === "ally") onAddMark({ kind: "ally", id: target.ally.id, label: target.ally.tag });
    else return mapTexts.markUnknown(value.trim());
    return null;
  };

  return (
    <div className={classes.legend} aria-label={mapTexts.legend} role="region">
      <Stack gap={4}>
        {legendClasses.map((cls) => (
          <Group key={cls} gap={6} wrap="nowrap">
            <ColorSwatch color={classColors[cls]} size={12} className={classes.swatch} />
            <Text size="xs" style={{ flex: 1 }}>
              {mapTexts.classes[cls]}
            </Text>
            <Text size="xs" c="dimmed">
              {(counts[classIndex[cls]] ?? 0).toLocaleString("de-DE")}
            </Text>
          </Group>
        ))}
        {plan && <PlanSection name={plan.name} lines={plan.lines} />}
        <Text size="xs" fw={600} mt={4}>
          {mapTexts.marks}
        </Text>
        {marks.map((mark, k) => (
          <MarkRow
            key={`${mark.kind}-${mark.id}`}
            mark={mark}
            count={counts[FIRST_MARK + k] ?? 0}
            onRemove={() => onRemoveMark(mark.kind, mark.id)}
            onColor={(color) => onColor(mark.kind, mark.id, color)}
          />
        ))}
        <OwnerSearchField
          data={data}
          size="xs"
          buttonVariant="light"
          label={mapTexts.markPlaceholder}
          placeholder={mapTexts.markPlaceholder}
          buttonLabel={mapTexts.markAdd}
          onSubmit={add}
          clearOnSuccess
        />
      </Stack>
    </div>
  );
}
