// One step of the filter list: its name, the count before → after, its state and its fields.
import { Badge, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useId, type ReactNode } from "react";
import type { StepCount } from "../lib/filter-pipeline";
import { coordsFilterTexts as texts } from "../texts";

const stateLabel = { off: texts.filters.off, invalid: texts.filters.invalid, unavailable: texts.filters.unavailable } as const;

export function FilterStep({ step, children, hint }: { step: StepCount; children?: ReactNode; hint?: ReactNode }) {
  const titleId = useId();
  const name = texts.steps[step.id];
  const changed = step.after !== step.before;
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId} data-step={step.id} data-state={step.state}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text id={titleId} fw={600} size="sm">
          {name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {step.state !== "on" && (
            <Text size="xs" c={step.state === "invalid" ? "red.4" : "dimmed"}>
              {stateLabel[step.state]}
            </Text>
          )}
          <Badge
            variant={changed ? "light" : "default"}
            color={step.state === "invalid" ? "red" : changed ? "blue" : "gray"}
            data-testid={`step-count-${step.id}`}
            style={{ textTransform: "none", fontVariantNumeric: "tabular-nums" }}
          >
            <span aria-hidden>
              {step.before} → {step.after}
            </span>
            <VisuallyHidden>{texts.filters.countLabel(name, step.before, step.after)}</VisuallyHidden>
          </Badge>
        </Group>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {children}
    </Stack>
  );
}
