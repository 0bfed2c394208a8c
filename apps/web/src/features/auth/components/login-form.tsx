// The login form: German validation as loginSchema has it (login-validation.ts), server errors inline,
// loading state. Controlled Mantine inputs, no form library: this is the first page most people load.
import type { Login } from "@dsbot/protocol";
import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconLock, IconUser } from "@tabler/icons-react";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { useLogin } from "../api/auth-api";
import { loginPayload, validateLogin, type LoginErrors } from "../login-validation";
import { authTexts } from "../texts";

function loginErrorText(error: unknown): string {
  return error instanceof ApiError ? errorMessage(error) : authTexts.loginFailed;
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const loginMutation = useLogin();
  const [values, setValues] = useState<Login>({ username: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  /** As with react-hook-form's defaults: checked on submit, after the first submit on every change too. */
  const submitted = useRef(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (name: keyof Login) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.currentTarget.value };
    setValues(next);
    if (submitted.current) setErrors(validateLogin(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const found = validateLogin(values);
    setErrors(found);
    // The first field in error gets the focus.
    const invalid = (["username", "password"] as const).find((name) => found[name]);
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    loginMutation.mutate(loginPayload(values), { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {loginMutation.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={authTexts.loginFailed}>
            {loginErrorText(loginMutation.error)}
          </Alert>
        )}
        <TextInput
          ref={inputs.username}
          name="username"
          value={values.username}
          onChange={change("username")}
          error={errors.username}
          label={authTexts.username}
          placeholder={authTexts.usernamePlaceholder}
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          size="md"
          autoFocus
        />
        <PasswordInput
          ref={inputs.password}
          name="password"
          value={values.password}
          onChange={change("password")}
          error={errors.password}
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
