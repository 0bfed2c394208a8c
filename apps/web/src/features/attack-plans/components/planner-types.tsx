// Per attack type: how many attacks each target gets and the unit template they are sent with.
import { attackTypeLabels, PLANNER_MAX_PER_TYPE } from "@dsbot/protocol";
import { Accordion, Badge, Group, NumberInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { attackPlanTexts as texts } from "../texts";
import { plannerFormTypes, type PlannerErrors, type PlannerFormValues } from "./planner-form";
import { UnitInputs } from "./unit-inputs";

interface PlannerTypesProps {
  values: PlannerFormValues;
  errors: PlannerErrors;
  onChange: <K extends keyof PlannerFormValues>(key: K, value: PlannerFormValues[K]) => void;
}

export function PlannerTypes({ values, errors, onChange }: PlannerTypesProps) {
  // Only open types render their inputs (five templates of twelve units each would be a lot at once);
  // the types that plan something start open ("Verteidigen" starts with supports only).
  const [open, setOpen] = useState<string[]>(() => {
    const planned = plannerFormTypes.filter((type) => values.counts[type] > 0);
    return planned.length > 0 ? planned : ["attack"];
  });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {texts.perType}
      </Text>
      <Accordion variant="separated" multiple value={open} onChange={setOpen}>
        {plannerFormTypes.map((type) => {
          const label = attackTypeLabels[type];
          const error = errors[`counts.${type}`] ?? errors[`templates.${type}`];
          return (
            <Accordion.Item key={type} value={type}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                  <Badge size="sm" variant="light" color={values.counts[type] > 0 ? "ember" : "gray"}>
                    {values.counts[type]}
                  </Badge>
                  {error && (
                    <Text size="xs" c="red.4">
                      {error}
                    </Text>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {open.includes(type) && (
                  <Stack gap="sm">
                    <NumberInput
                      label={texts.countPerTarget}
                      aria-label={`${texts.countPerTarget}: ${label}`}
                      w={180}
                      min={0}
                      max={PLANNER_MAX_PER_TYPE}
                      allowDecimal={false}
                      allowNegative={false}
                      value={values.counts[type]}
                      onChange={(n) => onChange("counts", { ...values.counts, [type]: typeof n === "number" ? n : 0 })}
                      error={errors[`counts.${type}`]}
                    />
                    <UnitInputs
                      label={texts.templateOf(label)}
                      namePrefix={`${label}: `}
                      value={values.templates[type]}
                      onChange={(units) => onChange("templates", { ...values.templates, [type]: units })}
                      error={errors[`templates.${type}`]}
                    />
                  </Stack>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
