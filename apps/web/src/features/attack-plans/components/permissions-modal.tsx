// "Freigaben" (owner and admins): the users a plan is shared with, each with its level (change) and
// revoke; sharing with another user by name.
import { attackPlanGrantLevelLabels, attackPlanGrantLevels, type AttackPlanGrantLevel, type AttackPlanPermission } from "@dsbot/protocol";
import { Divider, Modal, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { AccessList, AccessRow } from "@/components/access/access-list";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
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

  return (
    <AccessRow grant={permission} texts={texts} revoke={() => revoke.mutateAsync(userId)}>
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
    </AccessRow>
  );
}

function PermissionsBody({ planId }: { planId: number }) {
  const permissions = useQuery(planPermissionsQueryOptions(planId));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {texts.permissionsHint}
      </Text>
      <GrantPlanForm planId={planId} />
      <Divider />
      <AccessList grants={permissions.data?.permissions ?? []} label={texts.permissionsLabel} emptyText={permissions.isPending ? commonTexts.loading : texts.permissionsEmpty}>
        {(p) => <PermissionRow key={p.userId} planId={planId} permission={p} />}
      </AccessList>
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
