// The login form: German validation from loginSchema, server errors inline, loading state.
import { loginSchema, type Login } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Stack } from "@mantine/core";
import { IconAlertCircle, IconLock, IconUser } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { PasswordField, TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { useLogin } from "../api/auth-api";
import { authTexts } from "../texts";

function loginErrorText(error: unknown): string {
  return error instanceof ApiError ? errorMessage(error) : authTexts.loginFailed;
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const loginMutation = useLogin();
  const { control, handleSubmit } = useForm<Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  const submit = handleSubmit((values) => {
    loginMutation.mutate(values, { onSuccess });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {loginMutation.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={authTexts.loginFailed}>
            {loginErrorText(loginMutation.error)}
          </Alert>
        )}
        <TextField
          control={control}
          name="username"
          label={authTexts.username}
          placeholder={authTexts.usernamePlaceholder}
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          size="md"
          autoFocus
        />
        <PasswordField
          control={control}
          name="password"
          label={authTexts.password}
          placeholder={authTexts.passwordPlaceholder}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending} mt="xs">
          {authTexts.submit}
        </Button>
      </Stack>
    </form>
  );
}
