// Label/value rows for detail cards.
import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./info-list.module.css";

export interface InfoItem {
  label: string;
  value: ReactNode;
}

export function InfoList({ items }: { items: InfoItem[] }) {
  return (
    <Stack gap={0} component="dl" className={classes.list}>
      {items.map((item) => (
        <Group key={item.label} justify="space-between" wrap="nowrap" gap="md" className={classes.row}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" size="sm" fw={500} className={classes.value}>
            {item.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
