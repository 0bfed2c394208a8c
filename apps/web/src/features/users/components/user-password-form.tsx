// Admin password reset (PATCH /api/users/:id {password}); the server ends the user's sessions.
import { passwordSchema, validationMessages } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PasswordField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useUpdateUser } from "../api/users-api";
import { userTexts } from "../texts";

const resetSchema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { path: ["repeat"], message: validationMessages.passwordsDiffer });
type ResetValues = z.infer<typeof resetSchema>;
const empty: ResetValues = { password: "", repeat: "" };

export function UserPasswordForm({ userId }: { userId: number }) {
  const update = useUpdateUser(userId);
  const { control, handleSubmit, reset, setError } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: empty,
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await update.mutateAsync({ password });
      reset(empty);
      alert.success(userTexts.passwordReset);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["password"])) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <PasswordField control={control} name="password" label={userTexts.newPassword} autoComplete="new-password" required />
        <PasswordField control={control} name="repeat" label={userTexts.passwordRepeat} autoComplete="new-password" required />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {userTexts.setPassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
