// "Benutzer anlegen": username, password, role, a world the server knows — validated by userCreateSchema.
import { defaultWorld, roleLabels, roles, userCreateSchema, type Role, type UserCreate } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Select, Stack } from "@mantine/core";
import { Controller, useForm } from "react-hook-form";
import { useKnownWorlds, WorldPick } from "@/components/account/world-pick";
import { PasswordField, TextField } from "@/components/ui/text-field";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useCreateUser } from "../api/users-api";
import { userTexts } from "../texts";

const emptyForm: UserCreate = { username: "", password: "", role: "user", world: { ...defaultWorld } };
const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createUser = useCreateUser();
  const known = useKnownWorlds(opened);
  const { control, handleSubmit, reset, setError } = useForm<UserCreate>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: emptyForm,
  });

  const close = () => {
    reset(emptyForm);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const { user } = await createUser.mutateAsync(values);
      alert.success(userTexts.created(user.username));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError("username", { type: "server", message: error.message });
        return;
      }
      if (!applyServerIssues(error, setError, ["username", "password", "role", "world", "world.server", "world.world"])) alertError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={userTexts.create} size={520} closeButtonProps={{ "aria-label": commonTexts.close }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextField control={control} name="username" label={userTexts.username} autoComplete="off" required data-autofocus />
          <PasswordField control={control} name="password" label={userTexts.password} autoComplete="new-password" required />
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
              />
            )}
          />
          <WorldPick control={control} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {userTexts.cancel}
            </Button>
            <Button type="submit" loading={createUser.isPending} disabled={known.none || known.query.isError}>
              {userTexts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
