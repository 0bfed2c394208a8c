// Change the own password (POST /api/profile/password); a wrong current password is shown on its field.
// The server also ends the other sessions and revokes every runner token (runners pair again).
import { errorMessages, passwordChangeSchema, validationMessages } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PasswordField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useChangePassword } from "../api/profile-api";
import { profileTexts } from "../texts";

export const passwordFormSchema = passwordChangeSchema
  .extend({ repeatPassword: z.string().min(1, validationMessages.required) })
  .refine((v) => v.newPassword === v.repeatPassword, {
    path: ["repeatPassword"],
    message: validationMessages.passwordsDiffer,
  });
type PasswordFormValues = z.infer<typeof passwordFormSchema>;
const empty: PasswordFormValues = { currentPassword: "", newPassword: "", repeatPassword: "" };

/** The answer about the current password (wrong, or too many wrong tries) belongs under its field. */
function currentPasswordError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400) return error.message;
  // A 429 without the API's error body (e.g. from a proxy) still gets the German text.
  if (error.status === 429) return error.code === "http_429" ? errorMessages.tooManyAttempts : error.message;
  return null;
}

export function PasswordForm() {
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: empty,
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(empty);
      alert.success(profileTexts.passwordChanged);
    } catch (error) {
      if (applyServerIssues(error, setError, ["currentPassword", "newPassword"])) return;
      const message = currentPasswordError(error);
      if (message) setError("currentPassword", { type: "server", message });
      else alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <PasswordField control={control} name="currentPassword" label={profileTexts.currentPassword} autoComplete="current-password" required />
        <PasswordField control={control} name="newPassword" label={profileTexts.newPassword} autoComplete="new-password" required />
        <PasswordField control={control} name="repeatPassword" label={profileTexts.repeatPassword} autoComplete="new-password" required />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {profileTexts.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
