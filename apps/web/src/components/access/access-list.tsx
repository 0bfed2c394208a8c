// The users that were granted access (to a bot, an attack plan): each with the date of the grant and a
// revoke button that asks first; the caller may put controls of its own before that button.
import { ActionIcon, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { Tooltip } from "@/components/ui/tooltip";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";

export interface Grant {
  userId: number;
  username: string;
  grantedAt: string;
}

/** The words of the list; each feature's texts hold them under these names. */
export interface AccessTexts {
  grantedAt: string;
  revoke: (username: string) => string;
  revokeTitle: string;
  revokeMessage: (username: string) => string;
  revokeConfirm: string;
  revoked: string;
}

interface AccessListProps<T extends Grant> {
  grants: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** Shown instead of an empty list (the caller says "loading" while the grants load). */
  emptyText: string;
  gap?: number;
  children: (grant: T) => ReactNode;
}

export function AccessList<T extends Grant>({ grants, label, emptyText, gap = 8, children }: AccessListProps<T>) {
  if (grants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={gap} component="ul" aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {grants.map(children)}
    </Stack>
  );
}

interface AccessRowProps {
  grant: Grant;
  texts: AccessTexts;
  /** Revokes the grant; called once the user confirmed. */
  revoke: () => Promise<unknown>;
  /** Controls before the revoke button (e.g. the level of the grant). */
  children?: ReactNode;
}

export function AccessRow({ grant, texts, revoke, children }: AccessRowProps) {
  const { username } = grant;
  const onRevoke = async () => {
    const ok = await confirm({ title: texts.revokeTitle, message: texts.revokeMessage(username), confirmLabel: texts.revokeConfirm, danger: true });
    if (!ok) return;
    try {
      await revoke();
      alert.success(texts.revoked);
    } catch (error) {
      alertError(error);
    }
  };
  const revokeButton = (
    <Tooltip label={texts.revoke(username)}>
      <ActionIcon variant="subtle" color="red" aria-label={texts.revoke(username)} onClick={() => void onRevoke()}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="nowrap">
      <div>
        <Text size="sm" fw={600}>
          {username}
        </Text>
        <Text size="xs" c="dimmed">
          {texts.grantedAt} {formatDate(grant.grantedAt)}
        </Text>
      </div>
      {children ? (
        <Group gap="xs" wrap="nowrap">
          {children}
          {revokeButton}
        </Group>
      ) : (
        revokeButton
      )}
    </Group>
  );
}
