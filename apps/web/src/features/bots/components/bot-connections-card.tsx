// The bot's websocket connections: the runners that can run it (bot-user) and the running bot (bot).
import type { WebsocketConnection } from "@dsbot/protocol";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { SectionCard } from "@/components/ui/section-card";
import { formatDate } from "@/lib/dates";
import { botTexts } from "../texts";

export function BotConnectionsCard({ connections }: { connections: WebsocketConnection[] }) {
  return (
    <SectionCard title={botTexts.connections(connections.length)}>
      {connections.length === 0 ? (
        <Text size="sm" c="dimmed">
          {botTexts.connectionsEmpty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={botTexts.connectionsLabel} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {connections.map((c) => (
            <Group key={c.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap">
                <IconPlugConnected size={16} color="var(--mantine-color-green-5)" aria-hidden />
                <Text size="sm" fw={500}>
                  {c.runnerName || `#${c.id}`}
                </Text>
                <Badge size="sm" variant="light" color={c.origin === "bot" ? "green" : "blue"}>
                  {botTexts.originLabels[c.origin] ?? c.origin}
                </Badge>
              </Group>
              {c.createdAt && (
                <Text size="xs" c="dimmed">
                  {formatDate(c.createdAt)}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
