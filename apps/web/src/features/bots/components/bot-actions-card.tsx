// Start, stop, force-stop, pause and resume, each enabled for the statuses it applies to; while the
// game's bot protection holds the bot, "Gelöst" (the player solved it in their game tab) instead of resume.
// Start and stop go through one of the bot's bot-user connections (a runner that can run it).
import type { BotStatus, Dsbot } from "@dsbot/protocol";
import { Alert, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconPlayerTrackNext, IconPower, IconShieldCheck, IconShieldExclamation } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { botProtectionLabel } from "@/components/ui/bot-status-badge";
import { confirm } from "@/components/ui/confirm-store";
import { formatDate } from "@/lib/dates";
import { SectionCard } from "@/components/ui/section-card";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { useBotAction } from "../api/bots-api";
import type { BotAction } from "../api/types";
import { botTexts } from "../texts";

/** Which actions a status allows; a missing status counts as offline. */
export function allowedActions(status: BotStatus | null | undefined, protectedSince?: string | null): Record<BotAction, boolean> {
  const s = status ?? "offline";
  const held = s === "paused" && !!protectedSince;
  return {
    start: s === "offline",
    stop: s === "online" || s === "paused" || s === "starting",
    "force-stop": s !== "offline",
    pause: s === "online",
    resume: s === "paused" && !held,
    "protection-solved": held,
  };
}

const actionMeta: { action: BotAction; label: string; icon: ReactNode; color?: string; variant?: string }[] = [
  { action: "start", label: botTexts.start, icon: <IconPlayerPlay size={16} />, color: "green" },
  { action: "stop", label: botTexts.stop, icon: <IconPlayerStop size={16} />, variant: "default" },
  { action: "pause", label: botTexts.pause, icon: <IconPlayerPause size={16} />, color: "orange", variant: "light" },
  { action: "resume", label: botTexts.resume, icon: <IconPlayerTrackNext size={16} />, color: "green", variant: "light" },
  { action: "protection-solved", label: botTexts.protectionSolved, icon: <IconShieldCheck size={16} />, color: "green" },
  { action: "force-stop", label: botTexts.forceStop, icon: <IconPower size={16} />, color: "red", variant: "light" },
];

export function BotActionsCard({ bot }: { bot: Dsbot }) {
  const runners = bot.websocketConnections.filter((c) => c.origin === "bot-user");
  const [chosen, setChosen] = useState<string | null>(null);
  const connectionId = runners.some((c) => String(c.id) === chosen) ? Number(chosen) : runners[0]?.id;
  const mutation = useBotAction(bot.id);
  const allowed = allowedActions(bot.status, bot.protectedSince);

  const run = async (action: BotAction) => {
    if (action === "force-stop") {
      const ok = await confirm({ title: botTexts.forceStopTitle, message: botTexts.forceStopMessage, confirmLabel: botTexts.forceStop, danger: true });
      if (!ok) return;
    }
    const needsRunner = action === "start" || action === "stop";
    try {
      await mutation.mutateAsync({ action, websocketConnectionId: needsRunner ? connectionId : undefined });
      alert.success(botTexts.actionDone[action]);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={botTexts.actions} description={botTexts.actionsHint}>
      <Stack gap="md">
        <Select
          label={botTexts.runnerConnection}
          placeholder={runners.length ? botTexts.runnerConnectionPlaceholder : botTexts.noRunner}
          data={runners.map((c) => ({ value: String(c.id), label: `${c.runnerName || "Dsbot"} (#${c.id})` }))}
          value={connectionId === undefined ? null : String(connectionId)}
          onChange={setChosen}
          disabled={runners.length === 0}
          allowDeselect={false}
        />
        {runners.length === 0 && (
          <Text size="xs" c="dimmed">
            {botTexts.noRunner}
          </Text>
        )}
        {allowed["protection-solved"] && bot.protectedSince && (
          <Alert color="red" variant="light" icon={<IconShieldExclamation size={18} />} title={botProtectionLabel}>
            {botTexts.protectionHint(formatDate(bot.protectedSince))}
          </Alert>
        )}
        <Group gap="sm">
          {actionMeta
            .filter(({ action }) => action !== "protection-solved" || allowed[action])
            .map(({ action, label, icon, color, variant }) => {
            const needsRunner = action === "start" || action === "stop";
            return (
              <Button
                key={action}
                leftSection={icon}
                color={color}
                variant={variant ?? "filled"}
                disabled={!allowed[action] || (needsRunner && connectionId === undefined) || mutation.isPending}
                loading={mutation.isPending && mutation.variables?.action === action}
                onClick={() => void run(action)}
              >
                {label}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </SectionCard>
  );
}
