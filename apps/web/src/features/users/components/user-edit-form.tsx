// Admin edit of a user's role and world (PATCH /api/users/:id).
import { roleLabels, roles, roleSchema, worldSchema, type Role, type User } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Select, Stack } from "@mantine/core";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { WorldFields } from "@/components/account/world-fields";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useUpdateUser } from "../api/users-api";
import { userTexts } from "../texts";

const editSchema = z.object({ role: roleSchema, world: worldSchema });
type EditValues = z.infer<typeof editSchema>;
const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

export function UserEditForm({ user }: { user: User }) {
  const update = useUpdateUser(user.id);
  const { control, handleSubmit, reset, setError, formState } = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    values: { role: user.role, world: { ...user.world } },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await update.mutateAsync(values);
      reset({ role: saved.role, world: { ...saved.world } });
      alert.success(userTexts.saved);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["role", "world.server", "world.world"])) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <Select
              label={userTexts.role}
              data={roleOptions}
              value={field.value}
              onChange={(value) => value && field.onChange(value as Role)}
              allowDeselect={false}
              error={fieldState.error?.message}
              maw={320}
            />
          )}
        />
        <WorldFields control={control} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
            {userTexts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
