// The shell around every page: header and sidebar as the route's hideHeader / hideSidebar flags say.
// Desktop (≥ 800px): collapsible sidebar; mobile: an overlay drawer, closed by default and after navigation.
import { AppShell, Drawer } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { useRouteMeta } from "@/lib/route-meta";
import classes from "./app-shell.module.css";
import { Header } from "./header";
import { useLayoutStore } from "./layout-store";
import { Sidebar } from "./sidebar";

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
          <Header
            withSidebarToggle={showSidebar}
            mobile={isMobile}
            sidebarOpened={isMobile ? mobileOpen : sidebarOpen}
            onToggleSidebar={() => toggleSidebar(isMobile)}
          />
        </AppShell.Header>
      )}
      {desktopSidebar && (
        <AppShell.Navbar className={classes.navbar}>
          <Sidebar />
        </AppShell.Navbar>
      )}
      {showSidebar && isMobile && (
        <Drawer
          opened={mobileOpen}
          onClose={closeMobile}
          size={280}
          padding={0}
          withCloseButton={false}
          classNames={{ body: classes.drawerBody, content: classes.drawerContent }}
        >
          <Sidebar onNavigate={closeMobile} />
        </Drawer>
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
