// "Verteidigen": supports for the attacked village in two clicks. The dialog names the village and the
// deadline (the incoming's arrival less a margin the player sets, kept in the browser) and the bots that
// will send (each running bot's Offplaner Scanner gets the plan when the supports are saved); the player
// picks or creates a plan, and the plan's planner opens with the village as target, one support from
// each of the user's bots on that world, arriving by the deadline. An attack too close to defend, or a
// world without a bot of the user, is said in words instead of a planner that cannot help.
import type { Incoming } from "@dsbot/protocol";
import { DEFEND_LEAD_MS, formatServerTime } from "@dsbot/protocol";
import { Alert, Badge, Group, NumberInput, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { ChoosePlanModal } from "@/components/plans/choose-plan-modal";
import { BotStatusBadge } from "@/components/ui/bot-status-badge";
import { useNow } from "@/lib/clock";
import { useDefendBots } from "../api/defend-bots";
import { paths } from "@/config/paths";
import { plannerHandoffState } from "@/lib/planner-handoff";
import { incomingTexts as texts } from "../texts";

export const DEFEND_MARGIN_DEFAULT_S = 60;
const DEFEND_MARGIN_MAX_S = 3600;

/** The margin the supports keep before the attack lands, kept in the browser. */
export const useDefendMargin = create<{ seconds: number; set: (seconds: number) => void }>()(
  persist((set) => ({ seconds: DEFEND_MARGIN_DEFAULT_S, set: (seconds) => set({ seconds }) }), { name: "dsbot-defend-margin" }),
);

interface DefendModalProps {
  incoming: Incoming | null;
  zone: string;
  onClose: () => void;
}

/** Who sends: the user's bots on the world with their status; the running ones send at once. */
function DefendSenders({ bots }: { bots: ReturnType<typeof useDefendBots>["bots"] }) {
  const idle = bots.filter((bot) => bot.status !== "online");
  return (
    <Stack gap={4} data-testid="defend-senders">
      <Text size="sm" fw={500}>
        {texts.defendSenders}
      </Text>
      <Group gap="xs">
        {bots.map((bot) => (
          <Group key={bot.id} gap={4} wrap="nowrap">
            <Badge variant="light" color="gray" size="sm" tt="none">
              {bot.dsPlayer.name}
            </Badge>
            <BotStatusBadge status={bot.status} />
          </Group>
        ))}
      </Group>
      {idle.length > 0 && (
        <Text size="xs" c="yellow.4">
          {texts.defendIdle(idle.map((bot) => bot.dsPlayer.name))}
        </Text>
      )}
    </Stack>
  );
}

export function DefendModal({ incoming, zone, onClose }: DefendModalProps) {
  const navigate = useNavigate();
  const margin = useDefendMargin((state) => state.seconds);
  const setMargin = useDefendMargin((state) => state.set);
  const now = useNow();
  const { bots, isSuccess } = useDefendBots(incoming?.world);
  const arriveBy = incoming ? incoming.arrivalTime - margin * 1000 : 0;
  const marginInput = (
    <NumberInput
      label={texts.defendMargin}
      description={texts.defendMarginHint(formatServerTime(arriveBy, zone))}
      value={margin}
      min={0}
      max={DEFEND_MARGIN_MAX_S}
      allowDecimal={false}
      clampBehavior="strict"
      // An emptied field keeps the last margin until a number is typed.
      onChange={(value) => (typeof value === "number" ? setMargin(value) : undefined)}
      w={260}
    />
  );
  // An attack too close to defend, or no bot to send: what the player can still do, in words, and no plans.
  const impossible =
    incoming === null
      ? null
      : arriveBy < now + DEFEND_LEAD_MS
        ? texts.defendTooClose(formatServerTime(incoming.arrivalTime, zone), Math.max(0, Math.round((incoming.arrivalTime - now) / 1000)), margin)
        : isSuccess && bots.length === 0
          ? texts.defendNoBots
          : null;
  return (
    <ChoosePlanModal
      opened={incoming !== null}
      onClose={onClose}
      title={texts.defendTitle}
      world={incoming?.world}
      blocked={impossible !== null}
      intro={
        incoming && (
          <Stack gap="xs">
            <Text size="sm">{texts.defendIntro(incoming.target.name ?? incoming.target.coordinates, incoming.target.coordinates, formatServerTime(incoming.arrivalTime, zone))}</Text>
            {marginInput}
            {impossible !== null ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="defend-impossible">
                {impossible}
              </Alert>
            ) : (
              <>
                {bots.length > 0 && <DefendSenders bots={bots} />}
                <Text size="sm">{texts.defendChoose}</Text>
              </>
            )}
          </Stack>
        )
      }
      onChoose={(plan) => {
        if (!incoming) return;
        void navigate(paths.attackPlanDetail(plan.id), { state: plannerHandoffState(incoming.target.coordinates, { arriveBy }) });
      }}
    />
  );
}
