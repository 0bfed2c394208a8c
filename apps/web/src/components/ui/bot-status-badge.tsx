// The bot status badge: colour from botStatusColor; a missing status shows as offline. A bot the game's
// bot protection holds reads "Bot-Schutz" (red), with since when in its title.
// Shared: the bot pages and the user administration show it.
import { botStatusColor, type BotStatus } from "@dsbot/protocol";
import { Badge, type BadgeProps } from "@mantine/core";
import { formatDate } from "@/lib/dates";

export const botStatusLabels: Record<BotStatus, string> = {
  online: "Online",
  offline: "Offline",
  paused: "Pausiert",
  starting: "Startet",
  stopping: "Stoppt",
};

const mantineColors: Record<string, string> = {
  danger: "red",
  orange: "orange",
  success: "green",
  warning: "yellow",
  secondary: "gray",
};

export function statusBadgeColor(status: string | null | undefined): string {
  return mantineColors[botStatusColor(status)] ?? "gray";
}

export function botStatusLabel(status: string | null | undefined): string {
  return botStatusLabels[(status || "offline") as BotStatus] ?? String(status);
}

export const botProtectionLabel = "Bot-Schutz";
export const botProtectionSince = (since: string) => `Bot-Schutz seit ${formatDate(since)}`;

/** `protectedSince`: the game's bot protection holds the (paused) bot since then. */
export function BotStatusBadge({
  status,
  protectedSince,
  ...props
}: { status: string | null | undefined; protectedSince?: string | null | undefined } & Omit<BadgeProps, "color">) {
  const value = status || "offline";
  if (protectedSince && value === "paused") {
    return (
      <Badge variant="light" color="red" data-status="protection" title={botProtectionSince(protectedSince)} miw="max-content" {...props}>
        {botProtectionLabel}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={statusBadgeColor(status)} data-status={value} miw="max-content" {...props}>
      {botStatusLabel(status)}
    </Badge>
  );
}
