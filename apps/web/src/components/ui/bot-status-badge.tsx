// The bot status badge: colour from botStatusColor; a missing status shows as offline.
// Shared: the bot pages and the user administration show it.
import { botStatusColor, type BotStatus } from "@dsbot/protocol";
import { Badge, type BadgeProps } from "@mantine/core";

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

export function BotStatusBadge({ status, ...props }: { status: string | null | undefined } & Omit<BadgeProps, "color">) {
  const value = status || "offline";
  return (
    <Badge variant="light" color={statusBadgeColor(status)} data-status={value} miw="max-content" {...props}>
      {botStatusLabel(status)}
    </Badge>
  );
}
