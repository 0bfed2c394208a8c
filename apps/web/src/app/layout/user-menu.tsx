// Avatar menu of spec §2: initial, username, "Account" (profile) and "Logout" (with confirmation).
// It repeats username and world label, which the header hides on phones (below 540px).
import { roleLabels, worldLabel, type User } from "@dsbot/protocol";
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconUserCircle } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { useLogout } from "@/features/auth/use-logout";
import classes from "./header.module.css";
import { layoutTexts } from "./texts";

export function userInitial(username: string): string {
  return username.charAt(0).toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={layoutTexts.userMenu} className={classes.avatarButton}>
          <Group gap={6} wrap="nowrap">
            <Avatar radius="xl" size={34} color="ember" variant="filled" className={classes.avatar}>
              {userInitial(user.username)}
            </Avatar>
            <IconChevronDown size={14} className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
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
