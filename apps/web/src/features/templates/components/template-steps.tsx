// The ordered steps of a template: building and target level per step, moved by dragging the handle or
// with the arrow buttons, with each step's cost, the running points, population and resources, and the
// German notes of the checks (above the maximum, a missing prerequisite, a level already reached). On a
// phone each step is a card (arrows to move; a drag handle needs a mouse).
import type { Building, BuilderStep, BuilderStepProgress } from "@dsbot/protocol";
import { BUILDER_LEVEL_MAX, buildingLabels, buildings, maxLevels } from "@dsbot/protocol";
import { ActionIcon, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { PHONE_QUERY } from "@/components/ui/card-list";
import { templateTexts as texts } from "../texts";
import classes from "./template-steps.module.css";

export interface EditableStep extends BuilderStep {
  /** Stable across moves (React keys). */
  key: number;
}

const buildingOptions = buildings.map((b) => ({ value: b, label: buildingLabels[b] }));
const de = (n: number) => n.toLocaleString("de-DE");
const c = texts.stepColumns;

interface TemplateStepsProps {
  steps: EditableStep[];
  progress: BuilderStepProgress[];
  onChange: (index: number, step: BuilderStep) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

type StepControlsProps = Omit<TemplateStepsProps, "progress"> & { index: number };

function BuildingField({ steps, index, onChange, compact = false }: StepControlsProps & { compact?: boolean }) {
  const step = steps[index] as EditableStep;
  return (
    <NativeSelect
      size="xs"
      miw={compact ? 0 : 150}
      aria-label={texts.building(index + 1)}
      data={buildingOptions}
      value={step.building}
      onChange={(event) => onChange(index, { building: event.currentTarget.value as Building, level: step.level })}
    />
  );
}

function LevelField({ steps, index, onChange }: StepControlsProps) {
  const step = steps[index] as EditableStep;
  return (
    <NumberInput
      size="xs"
      miw={72}
      aria-label={texts.level(index + 1)}
      min={1}
      max={BUILDER_LEVEL_MAX}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      value={step.level}
      title={texts.maxLevel(maxLevels[step.building])}
      onChange={(value) => {
        const level = typeof value === "number" ? value : Number(value);
        if (Number.isInteger(level) && level >= 1) onChange(index, { building: step.building, level });
      }}
    />
  );
}

function StepActions({ steps, index, onMove, onRemove }: StepControlsProps) {
  const n = index + 1;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" color="gray" aria-label={texts.moveUp(n)} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={texts.moveDown(n)} disabled={index === steps.length - 1} onClick={() => onMove(index, index + 1)}>
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={texts.removeStep(n)} onClick={() => onRemove(index)}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

const costText = (p: BuilderStepProgress | undefined) => (p && p.to > p.from ? `${de(p.cost.wood)} / ${de(p.cost.stone)} / ${de(p.cost.iron)}` : "–");
const totalText = (p: BuilderStepProgress | undefined) => (p ? `${de(p.totals.wood)} / ${de(p.totals.stone)} / ${de(p.totals.iron)}` : "");

function StepIssues({ progress, n }: { progress: BuilderStepProgress; n: number }) {
  return progress.issues.map((issue) => (
    <Text key={issue} size="xs" c={progress.blocked ? "orange.4" : "dimmed"} data-step-issue={n}>
      {issue}
    </Text>
  ));
}

/** The steps as cards (a phone): building and level on top, the sums below, the arrows and delete. */
function StepCards(props: TemplateStepsProps) {
  const { steps, progress } = props;
  return (
    <Stack gap="xs" px="sm" pb="sm" role="list" aria-label={texts.stepsTitle}>
      {steps.map((step, index) => {
        const p = progress[index];
        const n = index + 1;
        return (
          <Paper key={step.key} role="listitem" withBorder radius="md" p="xs" data-step={n}>
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} className={classes.num} w={28}>
                  {n}
                </Text>
                <div className={classes.grow}>
                  <BuildingField {...props} index={index} compact />
                </div>
                <div className={classes.level}>
                  <LevelField {...props} index={index} />
                </div>
              </Group>
              <Text size="xs" c="dimmed" className={classes.num}>
                {c.cost}: {costText(p)} · {c.points} {p ? de(p.totals.points) : ""} · {c.population} {p ? de(p.totals.population) : ""}
              </Text>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed" className={classes.num}>
                  {c.total}: {totalText(p)}
                </Text>
                <StepActions {...props} index={index} />
              </Group>
              {p && p.issues.length > 0 && <StepIssues progress={p} n={n} />}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function TemplateSteps(props: TemplateStepsProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  return phone ? <StepCards {...props} /> : <StepTable {...props} />;
}

function StepTable(props: TemplateStepsProps) {
  const { steps, progress, onMove } = props;
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const endDrag = () => {
    setDragging(null);
    setDropAt(null);
  };
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing={6} aria-label={texts.stepsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <Table.Th w={44}>{c.order}</Table.Th>
            <Table.Th>{c.building}</Table.Th>
            <Table.Th w={120}>{c.level}</Table.Th>
            <Table.Th>{c.cost}</Table.Th>
            <Table.Th w={80}>{c.points}</Table.Th>
            <Table.Th w={110}>{c.population}</Table.Th>
            <Table.Th>{c.total}</Table.Th>
            <Table.Th w={112} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((step, index) => {
            const p = progress[index];
            const n = index + 1;
            return (
              <Fragment key={step.key}>
                <Table.Tr
                  className={classes.row}
                  data-step={n}
                  data-dragging={dragging === index || undefined}
                  data-drop-target={dropAt === index && dragging !== index ? true : undefined}
                  onDragOver={(event) => {
                    if (dragging === null) return;
                    event.preventDefault();
                    setDropAt(index);
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragging !== null && dragging !== index) onMove(dragging, index);
                    endDrag();
                  }}
                >
                  <Table.Td>
                    <span
                      className={classes.handle}
                      draggable
                      role="button"
                      aria-label={texts.dragHandle(n)}
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = "move";
                        event.dataTransfer.setData("text/plain", String(index));
                        setDragging(index);
                      }}
                      onDragEnd={endDrag}
                    >
                      <IconGripVertical size={16} />
                    </span>
                  </Table.Td>
                  <Table.Td className={classes.num}>{n}</Table.Td>
                  <Table.Td>
                    <BuildingField {...props} index={index} />
                  </Table.Td>
                  <Table.Td>
                    <LevelField {...props} index={index} />
                  </Table.Td>
                  <Table.Td className={classes.num}>
                    <Text size="xs">{costText(p)}</Text>
                  </Table.Td>
                  <Table.Td className={classes.num}>{p ? de(p.totals.points) : ""}</Table.Td>
                  <Table.Td className={classes.num}>{p ? de(p.totals.population) : ""}</Table.Td>
                  <Table.Td className={classes.num}>
                    <Text size="xs">{totalText(p)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StepActions {...props} index={index} />
                  </Table.Td>
                </Table.Tr>
                {p && p.issues.length > 0 && (
                  <Table.Tr className={classes.issue}>
                    <Table.Td />
                    <Table.Td colSpan={8}>
                      <StepIssues progress={p} n={n} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
