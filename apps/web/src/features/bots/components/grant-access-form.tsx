// Grant access to a bot by exact username: look the name up, then grant the user found.
// Admins get name suggestions from the user list; others cannot list users and type the exact name.
import { userLookupQuerySchema } from "@dsbot/protocol";
import { Autocomplete, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useDebounced } from "@/lib/debounce";
import { useSession } from "@/lib/session";
import { useGrantPermission, useLookupUser, userSuggestionsQueryOptions } from "../api/bots-api";
import { botTexts } from "../texts";

/** Same delay as the list searches. */
const SUGGEST_DELAY = 300;

interface UsernameFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

const fieldProps = {
  label: botTexts.grantUsername,
  description: botTexts.grantUsernameHint,
  autoComplete: "off",
  spellCheck: false,
} as const;

function PlainUsernameField({ value, onChange, error }: UsernameFieldProps) {
  return (
    <TextInput
      {...fieldProps}
      placeholder={botTexts.grantUsernamePlaceholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

function SuggestingUsernameField({ value, onChange, error }: UsernameFieldProps) {
  const search = useDebounced(value.trim(), SUGGEST_DELAY);
  const suggestions = useQuery(userSuggestionsQueryOptions(search));
  return (
    <Autocomplete
      {...fieldProps}
      placeholder={botTexts.grantUsernameSearchPlaceholder}
      data={(suggestions.data?.users ?? []).map((user) => user.username)}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** Answers about the name itself (unknown, invalid) belong under the field; 429 and the rest are alerts. */
function lookupFieldError(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 400 || error.status === 404) ? error.message : null;
}

/** The owner already has access: the server refuses with 409 and says so. */
function grantFieldError(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? error.message : null;
}

export function GrantAccessForm({ botId }: { botId: number }) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const lookup = useLookupUser();
  const grant = useGrantPermission(botId);
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);

  const fail = (failure: unknown, fieldError: (error: unknown) => string | null) => {
    const message = fieldError(failure);
    if (message) setError(message);
    else alertError(failure);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = userLookupQuerySchema.safeParse({ username });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    let userId: number;
    try {
      userId = (await lookup.mutateAsync(parsed.data.username)).user.id;
    } catch (failure) {
      fail(failure, lookupFieldError);
      return;
    }
    try {
      await grant.mutateAsync(userId);
    } catch (failure) {
      fail(failure, grantFieldError);
      return;
    }
    alert.success(botTexts.granted);
    setUsername("");
    setError(null);
  };

  const onChange = (next: string) => {
    setUsername(next);
    setError(null);
  };

  const field = { value: username, onChange, error };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {isAdmin ? <SuggestingUsernameField {...field} /> : <PlainUsernameField {...field} />}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconUserPlus size={16} />}
            disabled={username.trim() === ""}
            loading={lookup.isPending || grant.isPending}
          >
            {botTexts.grant}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
