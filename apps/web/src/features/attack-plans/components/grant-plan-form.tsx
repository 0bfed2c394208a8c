// Share a plan with a user by exact username (admins get suggestions) and a level: look the name up,
// then grant.
import { attackPlanGrantLevelLabels, attackPlanGrantLevels, userLookupQuerySchema, type AttackPlanGrantLevel } from "@dsbot/protocol";
import { Autocomplete, Button, Group, Select } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useDebounced } from "@/lib/debounce";
import { useSession } from "@/lib/session";
import { useGrantPlan, useLookupUser, userSuggestionsQueryOptions } from "../api/permissions-api";
import { attackPlanTexts as texts } from "../texts";

const levelOptions = attackPlanGrantLevels.map((level) => ({ value: level, label: attackPlanGrantLevelLabels[level] }));

/** Answers about the name itself (unknown, invalid, the owner) belong under the field. */
function fieldError(error: unknown): string | null {
  return error instanceof ApiError && [400, 404, 409].includes(error.status) ? error.message : null;
}

export function GrantPlanForm({ planId }: { planId: number }) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const lookup = useLookupUser();
  const grant = useGrantPlan(planId);
  const [username, setUsername] = useState("");
  const [level, setLevel] = useState<AttackPlanGrantLevel>("read");
  const [error, setError] = useState<string | null>(null);
  const search = useDebounced(username.trim(), 300);
  const suggestions = useQuery({ ...userSuggestionsQueryOptions(search), enabled: isAdmin && search.length > 0 });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = userLookupQuerySchema.safeParse({ username });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const { user } = await lookup.mutateAsync(parsed.data.username);
      await grant.mutateAsync({ userId: user.id, level });
    } catch (failure) {
      const message = fieldError(failure);
      if (message) setError(message);
      else alertError(failure);
      return;
    }
    alert.success(texts.granted);
    setUsername("");
    setError(null);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Autocomplete
          label={texts.grantUsername}
          placeholder={texts.grantUsernamePlaceholder}
          data={isAdmin ? (suggestions.data?.users ?? []).map((u) => u.username) : []}
          value={username}
          onChange={(value) => {
            setUsername(value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          style={{ flex: "1 1 200px" }}
        />
        <Select label={texts.level} data={levelOptions} value={level} onChange={(value) => value && setLevel(value as AttackPlanGrantLevel)} allowDeselect={false} w={150} />
        <Button type="submit" mt={25} leftSection={<IconUserPlus size={16} />} disabled={username.trim() === ""} loading={lookup.isPending || grant.isPending}>
          {texts.grant}
        </Button>
      </Group>
    </form>
  );
}
