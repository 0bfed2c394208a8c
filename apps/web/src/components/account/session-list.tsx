// The list of a user's web sessions (profile and user detail): device, IP, dates, "this session".
import type { SessionInfo } from "@dsbot/protocol";
import { Badge, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/dates";
import { accountTexts } from "./texts";
import { describeUserAgent } from "./user-agent";
import classes from "./session-list.module.css";

export interface SessionListProps {
  sessions: SessionInfo[];
  /** Per-session action, e.g. an "end session" button. */
  renderAction?: (session: SessionInfo) => ReactNode;
}

function deviceName(userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return accountTexts.deviceOn(browser, os);
  return browser ?? os ?? accountTexts.unknownDevice;
}

export function SessionList({ sessions, renderAction }: SessionListProps) {
  if (sessions.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        {accountTexts.sessionsEmpty}
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list">
      {sessions.map((session) => {
        const mobile = describeUserAgent(session.userAgent).mobile;
        return (
          <Paper key={session.id} withBorder radius="md" p="sm" className={classes.item} role="listitem" data-current={session.current || undefined}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.main}>
                <ThemeIcon variant="light" color={session.current ? "ember" : "gray"} size={36} radius="md">
                  {mobile ? <IconDeviceMobile size={18} /> : <IconDeviceDesktop size={18} />}
                </ThemeIcon>
                <div className={classes.text}>
                  <Group gap={8} wrap="wrap">
                    <Text size="sm" fw={600}>
                      {deviceName(session.userAgent)}
                    </Text>
                    {session.current && (
                      <Badge size="xs" variant="light" color="teal">
                        {accountTexts.currentSession}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" className={classes.meta}>
                    {session.ip ?? "–"} · {accountTexts.lastUsed} {formatDate(session.lastUsedAt)}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.meta}>
                    {accountTexts.createdAt} {formatDate(session.createdAt)} · {accountTexts.expiresAt} {formatDate(session.expiresAt)}
                  </Text>
                </div>
              </Group>
              {renderAction && <div className={classes.action}>{renderAction(session)}</div>}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
