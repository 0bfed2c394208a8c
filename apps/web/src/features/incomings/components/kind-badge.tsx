// An incoming's kind as a badge (the crown on a noble), its reason on hover: the incomings table and
// the tribe's board (Stammes-Eingänge) show it alike.
import type { IncomingKind } from "@dsbot/protocol";
import { Badge } from "@mantine/core";
import { IconCrown } from "@tabler/icons-react";
import { Tooltip } from "@/components/ui/tooltip";
import { incomingTexts as texts } from "../texts";

export const incomingKindColors: Record<IncomingKind, string> = { attack: "red", fake: "gray", noble: "yellow" };

export function IncomingKindBadge({ kind, reason }: { kind: IncomingKind; reason: string }) {
  return (
    <Tooltip label={reason} multiline maw={320}>
      <Badge
        color={incomingKindColors[kind]}
        variant="light"
        leftSection={kind === "noble" ? <IconCrown size={12} /> : undefined}
        styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}
      >
        {texts.kinds[kind]}
      </Badge>
    </Tooltip>
  );
}
