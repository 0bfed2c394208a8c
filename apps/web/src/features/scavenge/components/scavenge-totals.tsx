// The sums over every planned village: resources per hour, per day and per run, each also per kind (a
// squad brings a third of each), and how many villages send. Side by side on phones too, smaller.
import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { ScavengeTotals } from "../lib/scavenge-plan";
import { scavengeTexts as texts } from "../texts";

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p={{ base: "xs", xs: "md" }} radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-total>
        {texts.number(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.totals.perResource(value / 3)}
      </Text>
    </Paper>
  );
}

export function ScavengeTotalsView({ totals }: { totals: ScavengeTotals }) {
  return (
    <section aria-label={texts.totals.label}>
      <SimpleGrid cols={3} spacing={{ base: "xs", xs: "md" }}>
        <Figure label={texts.totals.perHour} value={totals.perHour} testId="scavenge-total-hour" />
        <Figure label={texts.totals.perDay} value={totals.perDay} testId="scavenge-total-day" />
        <Figure label={texts.totals.perRun} value={totals.perRun} testId="scavenge-total-run" />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs">
        {texts.totals.villages(totals.planned, totals.villages)}
        {totals.busy > 0 && texts.totals.busy(totals.busy, totals.busyHaul)}
      </Text>
    </section>
  );
}
