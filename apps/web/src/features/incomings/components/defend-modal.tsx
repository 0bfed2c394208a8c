// "Verteidigen": supports for the attacked village in two clicks. The dialog names the village and the
// deadline (the incoming's arrival less a margin the player sets, kept in the browser), the player picks
// or creates a plan, and the plan's planner opens with the village as target, one support from each of
// the user's bots on that world, arriving by the deadline.
import type { Incoming } from "@dsbot/protocol";
import { formatServerTime } from "@dsbot/protocol";
import { NumberInput, Stack, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { ChoosePlanModal } from "@/components/plans/choose-plan-modal";
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

export function DefendModal({ incoming, zone, onClose }: DefendModalProps) {
  const navigate = useNavigate();
  const margin = useDefendMargin((state) => state.seconds);
  const setMargin = useDefendMargin((state) => state.set);
  const arriveBy = incoming ? incoming.arrivalTime - margin * 1000 : 0;
  return (
    <ChoosePlanModal
      opened={incoming !== null}
      onClose={onClose}
      title={texts.defendTitle}
      world={incoming?.world}
      intro={
        incoming && (
          <Stack gap="xs">
            <Text size="sm">{texts.defendIntro(incoming.target.name ?? incoming.target.coordinates, incoming.target.coordinates, formatServerTime(incoming.arrivalTime, zone))}</Text>
            <NumberInput
              label={texts.defendMargin}
              description={texts.defendMarginHint(formatServerTime(arriveBy, zone))}
              value={margin}
              min={0}
              max={DEFEND_MARGIN_MAX_S}
              allowDecimal={false}
              clampBehavior="strict"
              onChange={(value) => setMargin(typeof value === "number" ? value : DEFEND_MARGIN_DEFAULT_S)}
              w={260}
            />
            <Text size="sm">{texts.defendChoose}</Text>
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
