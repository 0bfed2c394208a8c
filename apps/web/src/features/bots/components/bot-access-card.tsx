// Access to a bot per user (spec §6): the list of granted users, grant and revoke.
// Admins pick the user from the user list; others enter the numeric user id.
import type { UserListResponse } from "@dsbot/protocol";
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { Tooltip } from "@/components/ui/tooltip";
import { alert } from "@/lib/alerts";
import { api } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { useSession } from "@/lib/session";
import { botPermissionsQueryOptions, useGrantPermission, useRevokePermission } from "../api/bots-api";
import { botTexts } from "../texts";

function UserPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useQuery({
    queryKey: ["bots", "user-picker", debounced],
    queryFn: ({ signal }) => api.get<UserListResponse>("/api/users", { params: { searchVal: debounced, perPage: 20, activePage: 1 }, signal }),
  });
  return (
    <Select
      label={botTexts.grantUser}
      placeholder={botTexts.grantUserPlaceholder}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={(users.data?.users ?? []).map((u) => ({ value: String(u.id), label: `${u.username} (#${u.id})` }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      nothingFoundMessage="–"
      clearable
      style={{ flex: "1 1 220px" }}
    />
  );
}

export function BotAccessCard({ botId, ownerId }: { botId: number; ownerId: number }) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const permissions = useQuery(botPermissionsQueryOptions(botId));
  const grant = useGrantPermission(botId);
  const revoke = useRevokePermission(botId);
  const [userId, setUserId] = useState<number | null>(null);
  const list = permissions.data?.permissions ?? [];

  const onGrant = async () => {
    if (userId === null) return;
    try {
      await grant.mutateAsync(userId);
      alert.success(botTexts.granted);
      setUserId(null);
    } catch (error) {
      alertError(error);
    }
  };

  const onRevoke = async (id: number, username: string) => {
    const ok = await confirm({ title: botTexts.revokeTitle, message: botTexts.revokeMessage(username), confirmLabel: botTexts.revokeConfirm, danger: true });
    if (!ok) return;
    try {
      await revoke.mutateAsync(id);
      alert.success(botTexts.revoked);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={botTexts.access} description={botTexts.accessHint}>
      <Stack gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onGrant();
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            {isAdmin ? (
              <UserPicker value={userId} onChange={setUserId} />
            ) : (
              <NumberInput
                label={botTexts.grantUserId}
                value={userId ?? ""}
                onChange={(value) => setUserId(typeof value === "number" && value > 0 ? value : null)}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                style={{ flex: "1 1 160px" }}
              />
            )}
            <Button type="submit" leftSection={<IconUserPlus size={16} />} disabled={userId === null || userId === ownerId} loading={grant.isPending}>
              {botTexts.grant}
            </Button>
          </Group>
        </form>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {permissions.isLoading ? "…" : botTexts.accessEmpty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" aria-label={botTexts.accessLabel} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.map((p) => (
              <Group key={p.userId} component="li" justify="space-between" gap="sm" wrap="nowrap">
                <div>
                  <Text size="sm" fw={600}>
                    {p.username}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {botTexts.grantedAt} {formatDate(p.grantedAt)}
                  </Text>
                </div>
                <Tooltip label={botTexts.revoke(p.username)}>
                  <ActionIcon variant="subtle" color="red" aria-label={botTexts.revoke(p.username)} onClick={() => void onRevoke(p.userId, p.username)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
