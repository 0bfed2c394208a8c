// A plan's attacks per status as coloured badges with the German status labels (only statuses with
// attacks), or a dash for an empty plan.
import type { AttackStatusCounts } from "@dsbot/protocol";
import { attackStatuses, attackStatusLabels } from "@dsbot/protocol";
import { Badge, Group, Text } from "@mantine/core";
import { attackPlanTexts as texts } from "../texts";
import { attackStatusColors } from "./attack-cells";

export function PlanStatusCounts({ counts }: { counts: AttackStatusCounts }) {
  const present = attackStatuses.filter((status) => (counts[status] ?? 0) > 0);
  if (present.length === 0) return <Text c="dimmed">–</Text>;
  return (
    <Group gap={4} wrap="wrap" aria-label={texts.countsLabel}>
      {present.map((status) => (
        <Badge key={status} size="sm" variant="light" color={attackStatusColors[status]} tt="none" data-status={status}>
          {attackStatusLabels[status]}: {counts[status]}
        </Badge>
      ))}
    </Group>
  );
}
