// "Zum Angriffsplan hinzufügen": the user's editable plans on the filter's world (or a new one); the
// chosen plan's page opens with its planner and the filtered coordinates as targets (lib/planner-handoff).
import { worldLabel } from "@dsbot/protocol";
import { Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { ChoosePlanModal } from "@/components/plans/choose-plan-modal";
import { paths } from "@/config/paths";
import { plannerHandoffState } from "@/lib/planner-handoff";
import { useSession } from "@/lib/session";
import { coordsFilterTexts } from "../texts";

const texts = coordsFilterTexts.toPlan;

interface AddToPlanModalProps {
  opened: boolean;
  onClose: () => void;
  /** The filtered coordinates, one per line. */
  targets: string;
  count: number;
}

export function AddToPlanModal({ opened, onClose, targets, count }: AddToPlanModalProps) {
  const world = useSession((state) => state.user?.world);
  const navigate = useNavigate();
  return (
    <ChoosePlanModal
      opened={opened}
      onClose={onClose}
      title={texts.title}
      world={world}
      intro={<Text size="sm">{world ? texts.intro(count, worldLabel(world)) : null}</Text>}
      onChoose={(plan) => void navigate(paths.attackPlanDetail(plan.id), { state: plannerHandoffState(targets) })}
    />
  );
}
