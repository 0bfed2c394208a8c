// The header bar (64px): sidebar toggle, logo + product title, search, user + world, bell, avatar menu.
import { worldLabel } from "@dsbot/protocol";
import { ActionIcon, Badge, Burger, Group, Stack, Text } from "@mantine/core";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconSearch } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { Logo } from "@/components/ui/logo";
import { Tooltip } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { NotificationBell } from "@/features/notifications";
import { SearchDialogHost, useSearchDialog } from "@/features/search";
import { useSession } from "@/lib/session";
import classes from "./header.module.css";
import { isPlainLeftClick } from "./sidebar-items";
import { layoutTexts } from "./texts";
import { UserMenu } from "./user-menu";

export interface HeaderProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
  withSidebarToggle: boolean;
  /** Mobile: a burger for the drawer; desktop: a collapse/expand icon for the docked sidebar. */
  mobile: boolean;
}

function SidebarToggle({ opened, onClick, mobile }: { opened: boolean; onClick: () => void; mobile: boolean }) {
  if (mobile) {
    return <Burger opened={opened} onClick={onClick} size="sm" aria-label={layoutTexts.toggleSidebar} aria-expanded={opened} />;
  }
  const Icon = opened ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" radius="md" onClick={onClick} aria-label={layoutTexts.toggleSidebar} aria-expanded={opened}>
      <Icon size={21} stroke={1.7} />
    </ActionIcon>
  );
}

export function Header({ sidebarOpened, onToggleSidebar, withSidebarToggle, mobile }: HeaderProps) {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const openSearch = useSearchDialog((state) => state.open);
  const searchOpened = useSearchDialog((state) => state.opened);

  const onLogoClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    void navigate(paths.dashboard);
  };

  return (
    <Group h="100%" px={{ base: "sm", md: "md" }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" className={classes.left}>
        {withSidebarToggle && <SidebarToggle opened={sidebarOpened} onClick={onToggleSidebar} mobile={mobile} />}
        <a href={paths.dashboard} onClick={onLogoClick} className={classes.logoLink} aria-label={layoutTexts.home}>
          <Logo size={30} />
        </a>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Tooltip label={layoutTexts.searchShortcut}>
          <ActionIcon variant="subtle" color="gray" size="lg" radius="md" aria-label={layoutTexts.search} aria-haspopup="dialog" aria-expanded={searchOpened} onClick={openSearch}>
            <IconSearch size={19} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
        {user && (
          <>
            <NotificationBell />
            <div className={classes.divider} aria-hidden />
            {/* On a phone the world label stays (it belongs in the header); the username is in the avatar menu. */}
            <Badge hiddenFrom="sm" size="xs" variant="light" radius="sm" title={`${layoutTexts.world} ${user.world.world} · ${user.world.server}`}>
              {worldLabel(user.world)}
            </Badge>
            <Stack gap={0} align="flex-end" visibleFrom="sm" className={classes.identity}>
              <Text size="sm" fw={600} lh={1.3} truncate className={classes.username}>
                {user.username}
              </Text>
              <Badge size="xs" variant="light" radius="sm" title={`${layoutTexts.world} ${user.world.world} · ${user.world.server}`}>
                {worldLabel(user.world)}
              </Badge>
            </Stack>
            <UserMenu user={user} />
            <SearchDialogHost />
          </>
        )}
      </Group>
    </Group>
  );
}
