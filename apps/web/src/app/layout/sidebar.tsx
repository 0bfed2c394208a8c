// The main navigation: real <a href> links (middle/ctrl/cmd click open a new tab natively), the entry
// of the current route highlighted with aria-current="page".
import { Badge, Box, NavLink, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppIcon } from "@/components/ui/app-icon";
import { paths } from "@/config/paths";
import { openTabRequestCountQueryOptions } from "@/features/tab-requests";
import { useClientConfig } from "@/lib/client-config";
import { useSession } from "@/lib/session";
import { useRouteMeta } from "@/lib/route-meta";
import { isPlainLeftClick, isSidebarItemActive, sidebarSections, visibleSidebarItems, type SidebarItem } from "./sidebar-items";
import classes from "./sidebar.module.css";
import { layoutTexts } from "./texts";

export const SIDEBAR_LABEL = "Hauptnavigation";

/** The open tab requests' count beside "Tab Anfragen" (not part of the link's name; its title says it). */
function useOpenTabRequests(item: SidebarItem): number {
  const signedIn = useSession((state) => state.token !== null);
  const query = useQuery({ ...openTabRequestCountQueryOptions(), enabled: signedIn && item.to === paths.tabRequests });
  return item.to === paths.tabRequests ? (query.data ?? 0) : 0;
}

function SidebarLink({ item, active, onNavigate }: { item: SidebarItem; active: boolean; onNavigate?: () => void }) {
  const open = useOpenTabRequests(item);
  const navigate = useNavigate();
  const location = useLocation();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate?.();
    if (location.pathname !== item.to) void navigate(item.to);
  };

  return (
    <NavLink
      component="a"
      href={item.to}
      label={item.label}
      leftSection={<AppIcon name={item.icon} size={19} stroke={1.7} />}
      active={active}
      aria-current={active ? "page" : undefined}
      title={open > 0 ? layoutTexts.openTabRequests(open) : undefined}
      rightSection={
        open > 0 ? (
          <Badge size="sm" color="red" variant="filled" circle aria-hidden data-testid="sidebar-open-tab-requests">
            {open > 99 ? "99+" : open}
          </Badge>
        ) : undefined
      }
      onClick={onClick}
      className={classes.link}
    />
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const version = useClientConfig((state) => state.config?.version);
  const routeName = useRouteMeta()?.name;
  const items = visibleSidebarItems(isAdmin);

  return (
    <Box component="nav" aria-label={SIDEBAR_LABEL} className={classes.nav}>
      {/* The browser's own scrolling with a thin bar (Mantine's ScrollArea would put ~5 KB on every first page). */}
      <div className={classes.scroll}>
        <Stack gap={2} p="sm">
          {items.map((item, index) => (
            <Box key={item.to}>
              {items[index - 1]?.section !== item.section && (
                <Text className={classes.section} aria-hidden>
                  {sidebarSections[item.section]}
                </Text>
              )}
              <SidebarLink item={item} active={isSidebarItemActive(item, routeName)} onNavigate={onNavigate} />
            </Box>
          ))}
        </Stack>
      </div>
      {version && (
        <Text className={classes.footer} aria-hidden>
          dsbot v{version}
        </Text>
      )}
    </Box>
  );
}
