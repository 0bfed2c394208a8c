// Avatar menu: initial, username, "Account" (profile) and "Logout" (with confirmation).
// It repeats username and world label, which the header hides on phones (below 540px). The avatar is
// here at once; the menu itself (user-menu-popup.tsx) loads when the pointer or the focus reaches it,
// and a click before it is there opens it once it is.
import type { User } from "@dsbot/protocol";
import { Avatar, Group, UnstyledButton } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useState } from "react";
import { useIntentImport } from "@/lib/use-intent-import";
import classes from "./header.module.css";
import { layoutTexts } from "./texts";

const loadPopup = () => import("./user-menu-popup");

export function userInitial(username: string): string {
  return username.charAt(0).toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const [opened, setOpened] = useState(false);
  const popup = useIntentImport(loadPopup);

  const target = (
    <UnstyledButton
      ref={popup.track}
      aria-label={layoutTexts.userMenu}
      aria-haspopup="menu"
      className={classes.avatarButton}
      // Until the menu is there, the click is remembered; then Mantine's Menu toggles it.
      onClick={
        popup.module
          ? undefined
          : () => {
              popup.prime();
              setOpened(true);
            }
      }
    >
      <Group gap={6} wrap="nowrap">
        <Avatar radius="xl" size={34} color="ember" variant="filled" className={classes.avatar}>
          {userInitial(user.username)}
        </Avatar>
        <IconChevronDown size={14} className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
  if (!popup.module) return target;
  return <popup.module.UserMenuPopup user={user} opened={opened} onChange={setOpened} target={target} />;
}
