// The buttons of a plan's page header: add an attack, the planner, import, export and sharing as the
// caller's access allows; rename and delete in a menu.
import type { AttackPlan } from "@dsbot/protocol";
import { canEditPlan, canManagePlan } from "@dsbot/protocol";
import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconDots, IconFileExport, IconFileImport, IconPencil, IconPlus, IconShare, IconTrash, IconWand } from "@tabler/icons-react";
import { attackPlanTexts as texts } from "../texts";

export type PlanModal = "add" | "planner" | "import" | "export" | "permissions" | "rename";

interface PlanHeaderActionsProps {
  plan: AttackPlan;
  onOpen: (modal: PlanModal) => void;
  onDelete: () => void;
}

export function PlanHeaderActions({ plan, onOpen, onDelete }: PlanHeaderActionsProps) {
  const canEdit = canEditPlan(plan.access);
  const canManage = canManagePlan(plan.access);
  return (
    <Group gap="xs" wrap="wrap">
      {canEdit && (
        <>
          <Button leftSection={<IconPlus size={18} />} onClick={() => onOpen("add")}>
            {texts.addAttack}
          </Button>
          <Button variant="light" leftSection={<IconWand size={18} />} onClick={() => onOpen("planner")}>
            {texts.planner}
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => onOpen("import")}>
            {texts.import}
          </Button>
        </>
      )}
      <Button variant="default" leftSection={<IconFileExport size={18} />} onClick={() => onOpen("export")}>
        {texts.export}
      </Button>
      {canManage && (
        <Button variant="default" leftSection={<IconShare size={18} />} onClick={() => onOpen("permissions")}>
          {texts.permissions}
        </Button>
      )}
      {canEdit && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label={texts.moreActions}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onOpen("rename")}>
              {texts.rename}
            </Menu.Item>
            {canManage && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                {texts.deleteConfirm}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
