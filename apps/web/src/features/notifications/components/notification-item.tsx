// One notification of the menu: title, message cut to 50 characters with 'Mehr anzeigen' /
// 'Weniger anzeigen', the date, a link to what it is about (opening it marks it read), and the actions
// mark read and remove.
import { notificationPreview, type Notification } from "@dsbot/protocol";
import { ActionIcon, Anchor, Group, Text } from "@mantine/core";
import { IconCheck, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDate } from "@/lib/dates";
import { notificationTarget } from "../notification-link";
import { notificationTexts } from "../texts";
import classes from "./notification-bell.module.css";

export interface NotificationItemProps {
  notification: Notification;
  onMarkRead: (id: number) => void;
  onRemove: (id: number) => void;
  /** After following the link (the menu closes; on the same page its route does not change). */
  onOpen?: () => void;
}

export function NotificationItem({ notification, onMarkRead, onRemove, onOpen }: NotificationItemProps) {
  const [expanded, setExpanded] = useState(false);
  const preview = notificationPreview(notification.message);
  const titleId = `notification-${notification.id}-title`;
  const target = notificationTarget(notification.link);

  return (
    <article className={classes.item} data-unread={!notification.read || undefined} aria-labelledby={titleId} data-testid="notification-item">
      <span className={classes.dot} aria-hidden />
      <div className={classes.itemBody}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text id={titleId} size="sm" fw={notification.read ? 500 : 700} className={classes.itemTitle}>
            {notification.title}
            {!notification.read && <span className={classes.srOnly}> ({notificationTexts.unread})</span>}
          </Text>
          <Group gap={2} wrap="nowrap" className={classes.actions}>
            {!notification.read && (
              <Tooltip label={notificationTexts.markRead}>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={notificationTexts.markRead} onClick={() => onMarkRead(notification.id)}>
                  <IconCheck size={15} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={notificationTexts.remove}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={notificationTexts.remove} onClick={() => onRemove(notification.id)}>
                <IconTrash size={15} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" className={classes.message} data-testid="notification-message">
          {expanded || !preview.truncated ? notification.message : preview.text}
        </Text>
        <Group justify="space-between" gap="xs" mt={4}>
          <Text size="xs" c="dimmed" className={classes.date}>
            {formatDate(notification.createdAt)}
          </Text>
          <Group gap="sm" wrap="nowrap">
            {preview.truncated && (
              <Anchor component="button" type="button" size="xs" fw={600} onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
                {expanded ? notificationTexts.less : notificationTexts.more}
              </Anchor>
            )}
            {target && (
              <Anchor
                component={Link}
                to={target.to}
                size="xs"
                fw={600}
                data-testid="notification-link"
                onClick={() => {
                  if (!notification.read) onMarkRead(notification.id);
                  onOpen?.();
                }}
              >
                {target.label}
              </Anchor>
            )}
          </Group>
        </Group>
      </div>
    </article>
  );
}
