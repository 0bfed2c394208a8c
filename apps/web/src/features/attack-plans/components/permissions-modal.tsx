// "Freigaben" (owner and admins): the users a plan is shared with, each with its level (change) and
// revoke; sharing with another user by name.
import { attackPlanGrantLevelLabels, attackPlanGrantLevels, type AttackPlanGrantLevel, type AttackPlanPermission } from "@dsbot/protocol";
import { ActionIcon, Divider, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { confirm } from "@/components/ui/confirm-store";
import { Tooltip } from "@/components/ui/tooltip";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { planPermissionsQueryOptions, useGrantPlan, useRevokePlan } from "../api/permissions-api";
import { attackPlanTexts as texts } from "../texts";
import { GrantPlanForm } from "./grant-plan-form";

const levelOptions = attackPlanGrantLevels.map((level) => ({ value: level, label: attackPlanGrantLevelLabels[level] }));

function PermissionRow({ planId, permission }: { planId: number; permission: AttackPlanPermission }) {
  const grant = useGrantPlan(planId);
  const revoke = useRevokePlan(planId);
  const { userId, username } = permission;

  const changeLevel = async (level: AttackPlanGrantLevel) => {
    try {
      await grant.mutateAsync({ userId, level });
      alert.success(texts.levelChanged);
    } catch (error) {
      alertError(error);
    }
  };
  const onRevoke = async () => {
    const ok = await confirm({ title: texts.revokeTitle, message: texts.revokeMessage(username), confirmLabel: texts.revokeConfirm, danger: true });
    if (!ok) return;
    try {
      await revoke.mutateAsync(userId);
      alert.success(texts.revoked);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <Group component="li" justify="space-between" gap="sm" wrap="nowrap">
      <div>
        <Text size="sm" fw={600}>
          {username}
        </Text>
        <Text size="xs" c="dimmed">
          {texts.grantedAt} {formatDate(permission.grantedAt)}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          w={140}
          aria-label={texts.levelOf(username)}
          data={levelOptions}
          value={permission.level}
          onChange={(value) => value && value !== permission.level && void changeLevel(value as AttackPlanGrantLevel)}
          allowDeselect={false}
          disabled={grant.isPending}
        />
        <Tooltip label={texts.revoke(username)}>
          <ActionIcon variant="subtle" color="red" aria-label={texts.revoke(username)} onClick={() => void onRevoke()}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

function PermissionsBody({ planId }: { planId: number }) {
  const permissions = useQuery(planPermissionsQueryOptions(planId));
  const list = permissions.data?.permissions ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {texts.permissionsHint}
      </Text>
      <GrantPlanForm planId={planId} />
      <Divider />
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {permissions.isPending ? commonTexts.loading : texts.permissionsEmpty}
        </Text>
      ) : (
        <Stack gap={8} component="ul" aria-label={texts.permissionsLabel} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {list.map((p) => (
            <PermissionRow key={p.userId} planId={planId} permission={p} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function PermissionsModal({ planId, opened, onClose }: { planId: number; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.permissionsTitle} size="lg" closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && <PermissionsBody planId={planId} />}
    </Modal>
  );
}
