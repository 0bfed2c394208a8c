// Granting access by exact username (a bot, an attack plan): look the name up, then grant the user found.
// Admins get name suggestions from the user list; others cannot list users and type the exact name.
import { userLookupQuerySchema } from "@dsbot/protocol";
import { Autocomplete, Button, type AutocompleteProps, type ButtonProps } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useDebounced } from "@/lib/debounce";
import { useLookupUser, userSuggestionsQueryOptions } from "./user-lookup";

/** Same delay as the list searches. */
const SUGGEST_DELAY = 300;

export interface GrantByUsernameOptions {
  /** Grants the user the typed name belongs to. */
  grant: (userId: number) => Promise<unknown>;
  grantPending: boolean;
  /**
   * The HTTP statuses whose message belongs under the field, per step: the lookup (about the name) and
   * the grant (e.g. the owner, who has access anyway). Every other failure is an alert.
   */
  fieldStatuses: { lookup: readonly number[]; grant: readonly number[] };
  grantedText: string;
}

function fieldError(error: unknown, statuses: readonly number[]): string | null {
  return error instanceof ApiError && statuses.includes(error.status) ? error.message : null;
}

/** The grant form's state: the typed name, the message under the field and the submit. */
export function useGrantByUsername({ grant, grantPending, fieldStatuses, grantedText }: GrantByUsernameOptions) {
  const lookup = useLookupUser();
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);

  const fail = (failure: unknown, statuses: readonly number[]) => {
    const message = fieldError(failure, statuses);
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
      fail(failure, fieldStatuses.lookup);
      return;
    }
    try {
      await grant(userId);
    } catch (failure) {
      fail(failure, fieldStatuses.grant);
      return;
    }
    alert.success(grantedText);
    setUsername("");
    setError(null);
  };

  const onChange = (next: string) => {
    setUsername(next);
    setError(null);
  };

  return { username, error, onChange, submit, pending: lookup.isPending || grantPending };
}

export type UserSuggestFieldProps = Omit<AutocompleteProps, "data" | "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  /** Offer the usernames matching what is typed (admins only: others may not list users). */
  suggest: boolean;
};

/** The username field with suggestions; without `suggest` it offers nothing. */
export function UserSuggestField({ suggest, value, ...props }: UserSuggestFieldProps) {
  const search = useDebounced(value.trim(), SUGGEST_DELAY);
  const suggestions = useQuery({ ...userSuggestionsQueryOptions(search), enabled: suggest && search.length > 0 });
  const names = suggest ? (suggestions.data?.users ?? []).map((user) => user.username) : [];
  return <Autocomplete {...props} value={value} data={names} />;
}

/** The grant form's submit button: enabled once a name is typed, busy while looking up and granting. */
export function GrantButton({ username, pending, label, ...props }: ButtonProps & { username: string; pending: boolean; label: string }) {
  return (
    <Button {...props} type="submit" leftSection={<IconUserPlus size={16} />} disabled={username.trim() === ""} loading={pending}>
      {label}
    </Button>
  );
}
