// Whose troops the page plans with and how old they are: the bots whose scans it reads, whether pasted
// overviews are among them, and the oldest and newest scan (or paste).
import type { TroopRow } from "@dsbot/protocol";

export interface DataSources {
  /** The bots' players, sorted. */
  bots: string[];
  pasted: boolean;
  /** Epoch ms; null without rows. */
  oldest: number | null;
  newest: number | null;
}

export function dataSources(rows: readonly Pick<TroopRow, "source" | "playerName" | "scannedAt">[]): DataSources {
  const bots = new Set<string>();
  let pasted = false;
  let oldest: number | null = null;
  let newest: number | null = null;
  for (const row of rows) {
    if (row.source === "bot") bots.add(row.playerName ?? "?");
    else pasted = true;
    oldest = oldest === null ? row.scannedAt : Math.min(oldest, row.scannedAt);
    newest = newest === null ? row.scannedAt : Math.max(newest, row.scannedAt);
  }
  return { bots: [...bots].sort((a, b) => a.localeCompare(b, "de")), pasted, oldest, newest };
}
