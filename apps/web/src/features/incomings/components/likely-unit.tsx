// The incomings table's "Einheit" cell: the likely unit's icons (the fastest speed that fits the time the
// command still had when first seen, incoming-analysis.ts) and how many slower speeds also fit, said in
// words ("+6 langsamere"); the hover names them.
import type { Incoming } from "@dsbot/protocol";
import { speedGroupLabel } from "@dsbot/protocol";
import { Group, Text } from "@mantine/core";
import { Tooltip } from "@/components/ui/tooltip";
import { UnitIcon } from "@/components/ui/unit-icon";
import { incomingTexts as texts } from "../texts";

export function LikelyUnit({ incoming }: { incoming: Incoming }) {
  if (!incoming.likelyUnits) {
    return (
      <Tooltip label={texts.unknownUnitHint}>
        <Text size="sm" c="dimmed">
          {texts.unknownUnit}
        </Text>
      </Tooltip>
    );
  }
  const likely = speedGroupLabel({ units: incoming.likelyUnits });
  const slower = incoming.otherUnits.length;
  const others = incoming.otherUnits.map((g) => speedGroupLabel({ units: g })).join(", ");
  return (
    <Tooltip label={texts.likelyHint(likely, others || null)} multiline maw={320}>
      <Group gap={4} wrap="nowrap" aria-label={likely} role="group" data-likely-unit={incoming.likelyUnits.join(" ")}>
        {incoming.likelyUnits.map((unit) => (
          <UnitIcon key={unit} unit={unit} size={16} />
        ))}
        {slower > 0 && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {texts.slowerCount(slower)}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}
