// The attack table on a phone (below 540 px): one card per attack with every column's value, the same
// selection and row actions, and the sort as a choice above the cards (there are no headers to click).
import type { Attack } from "@dsbot/protocol";
import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Card, CardField, CardList } from "@/components/ui/card-list";
import type { AttackSortBy } from "../api/keys";
import { attackPlanTexts as texts } from "../texts";
import { ArrivalTime, AttackStatusBadge, AttackTypeIcon, PlayerLink, ServerTime, UnitBadges, VillageLink } from "./attack-cells";
import { ActionsCell, sortableAttackColumns, type AttackColumnOptions } from "./attack-columns";
import { RemainingTime } from "./remaining-time";

const sortChoices = sortableAttackColumns.flatMap((field) => [
  { value: field, label: texts.sortChoice(texts.columns[field], false) },
  { value: `-${field}`, label: texts.sortChoice(texts.columns[field], true) },
]);

function AttackCard({ attack, options }: { attack: Attack; options: AttackColumnOptions }) {
  const { world } = options;
  return (
    <Card rowId={attack.id}>
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
        <CardField label={texts.columns.sendTime}>
          <ServerTime ms={attack.sendTime} />
        </CardField>
        <CardField label={texts.columns.remaining}>
          <RemainingTime sendTime={attack.sendTime} status={attack.status} />
        </CardField>
        <CardField label={texts.columns.arrivalTime}>
          <ArrivalTime planned={attack.arrivalTime} real={attack.realArrivalTime} />
        </CardField>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed">
            {texts.columns.priority} <b>{attack.priority}</b>
          </Text>
          <ActionsCell attack={attack} options={options} />
        </Group>
    </Card>
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
    <CardList
      label={texts.tableLabel}
      items={attacks}
      itemKey={(attack) => attack.id}
      renderItem={(attack) => <AttackCard attack={attack} options={options} />}
      loading={loading}
      sortLabel={texts.sortBy}
      sortChoices={sortChoices}
      sortBy={sortBy}
      onSortByChange={(value) => onSortByChange(value as AttackSortBy)}
      empty={empty}
      skeletonHeight={180}
    />
  );
}
