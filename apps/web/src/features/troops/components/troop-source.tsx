// Whose troops a row shows and how old they are: the scan's (or paste's) time in server time, the
// source on hover ("Scan von Bot Kalle", "Eingefügte Übersicht"). Used by Truppen and Raubzug.
import type { TroopRow } from "@dsbot/protocol";
import { Text } from "@mantine/core";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDate } from "@/lib/dates";
import { troopTexts as texts } from "../texts";

/** The source of a row in words. */
export function troopSourceLabel(row: Pick<TroopRow, "source" | "playerName">): string {
  return row.source === "bot" ? texts.sourceBot(row.playerName ?? "") : texts.sourcePaste;
}

export function TroopSource({ row }: { row: Pick<TroopRow, "source" | "playerName" | "scannedAt"> }) {
  return (
    <Tooltip label={troopSourceLabel(row)}>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }} data-scanned-at>
        {formatDate(row.scannedAt)}
      </Text>
    </Tooltip>
  );
}
