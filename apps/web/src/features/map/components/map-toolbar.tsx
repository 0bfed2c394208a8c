// Above the map: jump to x|y, a player or a tribe (names offered from the world's owners), the attack
// plan whose lines are drawn, zoom buttons and the legend switch.
import type { AttackPlan } from "@dsbot/protocol";
import { ActionIcon, Group, Select, Tooltip } from "@mantine/core";
import { IconList, IconMinus, IconPlus } from "@tabler/icons-react";
import type { WorldData } from "@/lib/world-data";
import { mapTexts } from "../texts";
import { OwnerSearchField } from "./owner-search-field";

interface MapToolbarProps {
  data: WorldData;
  /** Returns a German message when the query leads nowhere. */
  onJump: (query: string) => string | null;
  onZoom: (factor: number) => void;
  legendOpen: boolean;
  onToggleLegend: () => void;
  /** The user's plans on the map's world. */
  plans: readonly Pick<AttackPlan, "id" | "name">[];
  /** The plan whose lines are shown, or null. */
  planId: number | null;
  onPlan: (planId: number | null) => void;
}

const NO_PLAN = "none";

export function MapToolbar({ data, onJump, onZoom, legendOpen, onToggleLegend, plans, planId, onPlan }: MapToolbarProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" mb="sm">
      <OwnerSearchField
        data={data}
        role="search"
        label={mapTexts.jumpLabel}
        placeholder={mapTexts.jumpPlaceholder}
        buttonLabel={mapTexts.jumpButton}
        onSubmit={onJump}
        style={{ flex: "1 1 260px" }}
      />
      <Select
        aria-label={mapTexts.planSelect}
        placeholder={mapTexts.planSelect}
        data={[{ value: NO_PLAN, label: mapTexts.planNone }, ...plans.map((plan) => ({ value: String(plan.id), label: plan.name }))]}
        value={planId === null ? NO_PLAN : String(planId)}
        onChange={(value) => onPlan(value === null || value === NO_PLAN ? null : Number(value))}
        allowDeselect={false}
        searchable={plans.length > 8}
        nothingFoundMessage={mapTexts.planNoneOnWorld}
        style={{ flex: "0 1 220px", minWidth: 160 }}
      />
      <Group gap={6}>
        <Tooltip label={mapTexts.zoomOut}>
          <ActionIcon size="lg" variant="default" aria-label={mapTexts.zoomOut} onClick={() => onZoom(1 / 1.5)}>
            <IconMinus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={mapTexts.zoomIn}>
          <ActionIcon size="lg" variant="default" aria-label={mapTexts.zoomIn} onClick={() => onZoom(1.5)}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={mapTexts.legendToggle}>
          <ActionIcon size="lg" variant={legendOpen ? "light" : "default"} aria-label={mapTexts.legendToggle} aria-pressed={legendOpen} onClick={onToggleLegend}>
            <IconList size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
