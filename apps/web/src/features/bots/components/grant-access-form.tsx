// Grant access to a bot by exact username: look the name up, then grant the user found.
// Admins get name suggestions from the user list; others cannot list users and type the exact name.
import { Group, Stack, TextInput } from "@mantine/core";
import { GrantButton, UserSuggestField, useGrantByUsername } from "@/components/access/grant-by-username";
import { useSession } from "@/lib/session";
import { useGrantPermission } from "../api/bots-api";
import { botTexts } from "../texts";

const fieldProps = {
  label: botTexts.grantUsername,
  description: botTexts.grantUsernameHint,
  autoComplete: "off",
  spellCheck: false,
} as const;

/**
 * Answers about the name itself (unknown, invalid) belong under the field, and so does the server's
 * refusal to grant the owner (409, who has access anyway); 429 and the rest are alerts.
 */
const fieldStatuses = { lookup: [400, 404], grant: [409] } as const;

export function GrantAccessForm({ botId }: { botId: number }) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const grant = useGrantPermission(botId);
  const form = useGrantByUsername({ grant: (userId) => grant.mutateAsync(userId), grantPending: grant.isPending, fieldStatuses, grantedText: botTexts.granted });
  const { username, onChange, error } = form;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack gap="sm">
        {isAdmin ? (
          <UserSuggestField {...fieldProps} suggest placeholder={botTexts.grantUsernameSearchPlaceholder} value={username} onChange={onChange} error={error} />
        ) : (
          <TextInput
            {...fieldProps}
            placeholder={botTexts.grantUsernamePlaceholder}
            value={username}
            onChange={(event) => onChange(event.currentTarget.value)}
            error={error}
          />
        )}
        <Group justify="flex-end">
          <GrantButton username={username} pending={form.pending} label={botTexts.grant} />
        </Group>
      </Stack>
    </form>
  );
}
