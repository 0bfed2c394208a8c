// The bot's request budget: requests of the last hour against the budget, captchas of the
// last day, and whether the modules wait; live from the bot's reports.
import { Badge, Group, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { SectionCard } from "@/components/ui/section-card";
import { formatDate } from "@/lib/dates";
import { botUsageQueryOptions, useBotUsageRealtime } from "../api/bot-usage-api";
import { botTexts } from "../texts";

const de = (n: number) => n.toLocaleString("de-DE");
const texts = botTexts.usage;

export function BotUsageCard({ botId }: { botId: number }) {
  const query = useQuery(botUsageQueryOptions(botId));
  useBotUsageRealtime(botId);
  const usage = query.data?.usage;
  return (
    <SectionCard
      title={texts.title}
      action={
        usage?.throttled && (
          <Badge color="orange" variant="light">
            {texts.throttled}
          </Badge>
        )
      }
    >
      {query.isPending ? (
        <Skeleton height={48} />
      ) : query.isError ? (
        <Text size="sm" c="red.4">
          {texts.failed}
        </Text>
      ) : !usage ? (
        <Text size="sm" c="dimmed">
          {texts.none}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm">{texts.requests(de(usage.requestsLastHour), de(usage.budgetPerHour))}</Text>
          <Progress
            value={Math.min(100, (usage.requestsLastHour / usage.budgetPerHour) * 100)}
            color={usage.throttled ? "orange" : "green"}
            aria-label={texts.requestsLabel}
          />
          <Group justify="space-between">
            <Text size="sm">
              {texts.captchas}: {de(usage.captchasLast24h)}
            </Text>
            <Text size="xs" c="dimmed">
              {texts.reportedAt(formatDate(usage.reportedAt))}
            </Text>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
