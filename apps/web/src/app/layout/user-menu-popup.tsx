// The avatar menu's dropdown (Mantine's Menu and its popover machinery), loaded when the user reaches
// for the avatar (user-menu.tsx), not with the first page.
import { roleLabels, worldLabel, type User } from "@dsbot/protocol";
import { Badge, Group, Menu, Text } from "@mantine/core";
import { IconLogout, IconUserCircle } from "@tabler/icons-react";
import type { ReactElement } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { useLogout } from "@/features/auth";
import classes from "./header.module.css";
import { layoutTexts } from "./texts";

export interface UserMenuPopupProps {
  user: User;
  opened: boolean;
  onChange: (opened: boolean) => void;
  target: ReactElement;
}

export function UserMenuPopup({ user, opened, onChange, target }: UserMenuPopupProps) {
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={220} opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <div className={classes.menuUser}>
          <Text fw={600} size="sm" truncate>
            {user.username}
          </Text>
          <Group gap={6} wrap="nowrap" mt={2}>
            <Badge size="xs" variant="light" radius="sm" title={`${layoutTexts.world} ${user.world.world} · ${user.world.server}`}>
              {worldLabel(user.world)}
            </Badge>
            <Text size="xs" c="dimmed">
              {roleLabels[user.role]}
            </Text>
          </Group>
        </div>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => void navigate(paths.profile)}>
          {layoutTexts.account}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {layoutTexts.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
