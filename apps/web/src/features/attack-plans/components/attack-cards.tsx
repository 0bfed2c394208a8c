// The attack table on a phone (below 540 px): one card per attack with every column's value, the same
// selection and row actions, and the sort as a choice above the cards (there are no headers to click).
import type { Attack } from "@dsbot/protocol";
import { Center, Group, Paper, Select, Skeleton, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { AttackSortBy } from "../api/keys";
import { attackPlanTexts as texts } from "../texts";
import { ArrivalTime, AttackStatusBadge, AttackTypeIcon, PlayerLink, ServerTime, UnitBadges, VillageLink } from "./attack-cells";
import { ActionsCell, sortableAttackColumns, type AttackColumnOptions } from "./attack-columns";
import classes from "./attack-cells.module.css";
import { RemainingTime } from "./remaining-time";

const sortChoices = sortableAttackColumns.flatMap((field) => [
  { value: field, label: texts.sortChoice(texts.columns[field], false) },
  { value: `-${field}`, label: texts.sortChoice(texts.columns[field], true) },
]);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="xs" c="dimmed" className={classes.cardLabel}>
        {label}
      </Text>
      <div className={classes.cardValue}>{children}</div>
    </Group>
  );
}

function AttackCard({ attack, options }: { attack: Attack; options: AttackColumnOptions }) {
  const { world } = options;
  return (
    <Paper withBorder radius="md" p="sm" data-row-id={attack.id} className={classes.card}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" miw={0}>
            <AttackTypeIcon type={attack.type} />
            <PlayerLink player={attack.startVillage.player} world={world} />
            <Text size="sm" c="dimmed" aria-hidden>
              →
            </Text>
            <PlayerLink player={attack.targetVillage.player} world={world} />
          </Group>
          <AttackStatusBadge status={attack.status} error={attack.error} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <VillageLink village={attack.startVillage} world={world} />
          <Text size="sm" c="dimmed" aria-hidden>
            →
          </Text>
          <VillageLink village={attack.targetVillage} world={world} />
        </Group>
        <UnitBadges units={attack.units} formulas={attack.formulas} />
        <Field label={texts.columns.sendTime}>
          <ServerTime ms={attack.sendTime} />
        </Field>
        <Field label={texts.columns.remaining}>
          <RemainingTime sendTime={attack.sendTime} status={attack.status} />
        </Field>
        <Field label={texts.columns.arrivalTime}>
          <ArrivalTime planned={attack.arrivalTime} real={attack.realArrivalTime} />
        </Field>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed">
            {texts.columns.priority} <b>{attack.priority}</b>
          </Text>
          <ActionsCell attack={attack} options={options} />
        </Group>
      </Stack>
    </Paper>
  );
}

interface AttackCardsProps extends AttackColumnOptions {
  attacks: Attack[];
  loading: boolean;
  sortBy: AttackSortBy;
  onSortByChange: (sortBy: AttackSortBy) => void;
  empty: ReactNode;
}

export function AttackCards({ attacks, loading, sortBy, onSortByChange, empty, ...options }: AttackCardsProps) {
  return (
    <Stack gap="sm" px="sm" pb="sm" role="list" aria-label={texts.tableLabel} aria-busy={loading}>
      <Select
        label={texts.sortBy}
        data={sortChoices}
        value={sortBy}
        onChange={(value) => value && onSortByChange(value as AttackSortBy)}
        allowDeselect={false}
        size="sm"
      />
      {loading && attacks.length === 0 && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={180} radius="md" />)}
      {!loading && attacks.length === 0 && <Center py="xl">{empty}</Center>}
      {attacks.map((attack) => (
        <div role="listitem" key={attack.id} className={loading ? classes.stale : undefined}>
          <AttackCard attack={attack} options={options} />
        </div>
      ))}
    </Stack>
  );
}
