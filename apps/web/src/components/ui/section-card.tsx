// A card with a title row (and optional description / action) used by detail pages.
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./section-card.module.css";

export interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  danger?: boolean;
}

export function SectionCard({ title, description, action, children, danger }: SectionCardProps) {
  return (
    <Card className={classes.card} data-danger={danger || undefined}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} className={classes.heading}>
            <Title order={2} size="h4" c={danger ? "red.4" : undefined}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
