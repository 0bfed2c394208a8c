// Mobile (< 800px): the sidebar as an overlay drawer, closed by default and after navigation.
import { Drawer } from "@mantine/core";
import classes from "./app-shell.module.css";
import { Sidebar } from "./sidebar";

export function SidebarDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={280}
      padding={0}
      withCloseButton={false}
      classNames={{ body: classes.drawerBody, content: classes.drawerContent }}
    >
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
