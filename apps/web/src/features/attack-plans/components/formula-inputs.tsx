// DS Workbench's dynamic amounts in the attack form: per unit a formula such as
// "alle", "alle-100" or "50%", worked out against the village's troops when the bot sends. Folded away
// until asked for, open when the attack has formulas; the protocol checks each one (German errors).
import type { Unit } from "@dsbot/protocol";
import { unitLabels } from "@dsbot/protocol";
import { Button, Collapse, Input, SimpleGrid, TextInput } from "@mantine/core";
import { IconMathFunction } from "@tabler/icons-react";
import { useState } from "react";
import { monoInputStyles } from "../lib/mono-input";
import { attackPlanTexts as texts } from "../texts";

export interface FormulaInputsProps {
  value: Partial<Record<Unit, string>>;
  onChange: (value: Partial<Record<Unit, string>>) => void;
  units: readonly Unit[];
  error?: string;
}

export function FormulaInputs({ value, onChange, units, error }: FormulaInputsProps) {
  const [open, setOpen] = useState(() => Object.values(value).some((text) => text?.trim()) || Boolean(error));
  const set = (unit: Unit, text: string) => {
    const next = { ...value };
    if (text === "") delete next[unit];
    else next[unit] = text;
    onChange(next);
  };
  return (
    <div>
      <Button variant="subtle" size="compact-sm" leftSection={<IconMathFunction size={14} />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? texts.formulasHide : texts.formulasShow}
      </Button>
      <Collapse expanded={open || Boolean(error)}>
        <Input.Wrapper description={texts.formulasHint} error={error} mt={6}>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" verticalSpacing="xs" mt={6}>
            {units.map((unit) => (
              <TextInput
                key={unit}
                size="xs"
                label={unitLabels[unit]}
                aria-label={texts.formulaOf(unitLabels[unit])}
                value={value[unit] ?? ""}
                onChange={(event) => set(unit, event.currentTarget.value)}
                styles={monoInputStyles}
                autoComplete="off"
                maxLength={100}
              />
            ))}
          </SimpleGrid>
        </Input.Wrapper>
      </Collapse>
    </div>
  );
}
