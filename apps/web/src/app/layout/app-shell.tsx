// The shell around every page: header and sidebar as the route's hideHeader / hideSidebar flags say.
// Desktop (≥ 800px): collapsible sidebar; mobile: an overlay drawer, closed by default and after navigation.
// Header and sidebar load on demand: the login page shows neither and does not fetch their code.
import { AppShell } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { useRouteMeta } from "@/lib/route-meta";
import classes from "./app-shell.module.css";
import { useLayoutStore } from "./layout-store";

const Header = lazy(async () => ({ default: (await import("./header")).Header }));
const Sidebar = lazy(async () => ({ default: (await import("./sidebar")).Sidebar }));
const SidebarDrawer = lazy(async () => ({ default: (await import("./sidebar-drawer")).SidebarDrawer }));

export const NAVBAR_HEIGHT = 64;
export const SIDEBAR_WIDTH = 260;
/** Below md (800px) the sidebar is a drawer. */
export const MOBILE_QUERY = "(max-width: 49.99em)";

export function AppShellLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const { sidebarOpen, mobileOpen, toggleSidebar, closeMobile } = useLayoutStore();

  const showHeader = !meta?.hideHeader;
  const showSidebar = !meta?.hideSidebar;
  const desktopSidebar = showSidebar && !isMobile && sidebarOpen;

  // The drawer closes after every navigation.
  useEffect(() => {
    closeMobile();
  }, [location.pathname, closeMobile]);

  return (
    <AppShell
      header={showHeader ? { height: NAVBAR_HEIGHT } : undefined}
      navbar={showSidebar ? { width: SIDEBAR_WIDTH, breakpoint: "md", collapsed: { mobile: true, desktop: !sidebarOpen } } : undefined}
      padding={0}
      className={classes.shell}
    >
      {showHeader && (
        <AppShell.Header className={classes.header}>
          <Suspense fallback={null}>
            <Header
              withSidebarToggle={showSidebar}
              mobile={isMobile}
              sidebarOpened={isMobile ? mobileOpen : sidebarOpen}
              onToggleSidebar={() => toggleSidebar(isMobile)}
            />
          </Suspense>
        </AppShell.Header>
      )}
      {desktopSidebar && (
        <AppShell.Navbar className={classes.navbar}>
          <Suspense fallback={null}>
            <Sidebar />
          </Suspense>
        </AppShell.Navbar>
      )}
      {showSidebar && isMobile && (
        <Suspense fallback={null}>
          <SidebarDrawer opened={mobileOpen} onClose={closeMobile} />
        </Suspense>
      )}
      <AppShell.Main className={showHeader || showSidebar ? classes.main : undefined}>
        {showHeader || showSidebar ? (
          <div className={classes.content}>
            <Outlet />
          </div>
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
