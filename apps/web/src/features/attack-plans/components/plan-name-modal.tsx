// "Angriffsplan anlegen" (name, world defaulting to the user's) and "Umbenennen" (name only).
import type { AttackPlan, AttackPlanCreate } from "@dsbot/protocol";
import { attackPlanCreateSchema, attackPlanUpdateSchema, defaultWorld } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { WorldFields } from "@/components/account/world-fields";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useSession } from "@/lib/session";
import { useCreatePlan, useRenamePlan } from "../api/plans-api";
import { attackPlanTexts as texts } from "../texts";

function FormButtons({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel}>
        {texts.cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {texts.save}
      </Button>
    </Group>
  );
}

function CreatePlanForm({ onDone }: { onDone: () => void }) {
  const world = useSession((state) => state.user?.world) ?? defaultWorld;
  const navigate = useNavigate();
  const create = useCreatePlan();
  const { control, handleSubmit, setError } = useForm<AttackPlanCreate>({
    resolver: zodResolver(attackPlanCreateSchema),
    defaultValues: { name: "", world: { ...world } },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { attackPlan } = await create.mutateAsync(values);
      alert.success(texts.created(attackPlan.name));
      onDone();
      void navigate(paths.attackPlanDetail(attackPlan.id));
    } catch (error) {
      if (!applyServerIssues(error, setError, ["name", "world.server", "world.world"])) alertError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextField control={control} name="name" label={texts.name} placeholder={texts.namePlaceholder} autoComplete="off" required data-autofocus />
        <div>
          <WorldFields control={control} />
          <Text size="xs" c="dimmed" mt={4}>
            {texts.worldHint}
          </Text>
        </div>
        <FormButtons onCancel={onDone} pending={create.isPending} />
      </Stack>
    </form>
  );
}

function RenamePlanForm({ plan, onDone }: { plan: Pick<AttackPlan, "id" | "name">; onDone: () => void }) {
  const rename = useRenamePlan(plan.id);
  const { control, handleSubmit, setError } = useForm<{ name: string }>({
    resolver: zodResolver(attackPlanUpdateSchema),
    defaultValues: { name: plan.name },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await rename.mutateAsync(values);
      alert.success(texts.renamed);
      onDone();
    } catch (error) {
      if (!applyServerIssues(error, setError, ["name"])) alertError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextField control={control} name="name" label={texts.name} autoComplete="off" required data-autofocus />
        <FormButtons onCancel={onDone} pending={rename.isPending} />
      </Stack>
    </form>
  );
}

interface PlanNameModalProps {
  opened: boolean;
  onClose: () => void;
  /** Rename this plan; without one a new plan is created. */
  plan?: Pick<AttackPlan, "id" | "name"> | null;
}

export function PlanNameModal({ opened, onClose, plan }: PlanNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={plan ? texts.renameTitle : texts.create} size={500} closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && (plan ? <RenamePlanForm key={plan.id} plan={plan} onDone={onClose} /> : <CreatePlanForm onDone={onClose} />)}
    </Modal>
  );
}
