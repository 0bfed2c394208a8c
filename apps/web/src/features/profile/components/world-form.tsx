// Change the own world (PATCH /api/profile).
import { profileUpdateSchema, type ProfileUpdate, type User } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { WorldFields } from "@/components/account/world-fields";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useUpdateProfile } from "../api/profile-api";
import { profileTexts } from "../texts";

export function WorldForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { control, handleSubmit, reset, setError, formState } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    values: { world: { ...user.world } },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await update.mutateAsync(values);
      reset({ world: { ...saved.world } });
      alert.success(profileTexts.worldSaved);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["world.server", "world.world"])) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <WorldFields control={control} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
            {profileTexts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
