// One number input per unit (the world's units when known), e.g. the units of an attack or a planner
// template. Empty means 0.
import { unitLabels, units as allUnits, type Unit } from "@dsbot/protocol";
import { Input, NumberInput, SimpleGrid } from "@mantine/core";

export interface UnitInputsProps {
  value: Partial<Record<Unit, number>>;
  onChange: (value: Partial<Record<Unit, number>>) => void;
  /** The units to offer (default: all). */
  units?: readonly Unit[];
  label?: string;
  description?: string;
  error?: string;
  /** Prefix of each input's accessible name, e.g. "Angriff: " in the planner. */
  namePrefix?: string;
}

export function UnitInputs({ value, onChange, units = allUnits, label, description, error, namePrefix = "" }: UnitInputsProps) {
  const set = (unit: Unit, n: number | string) => {
    const count = typeof n === "number" && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
    const next = { ...value };
    if (count > 0) next[unit] = count;
    else delete next[unit];
    onChange(next);
  };
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" verticalSpacing="xs" mt={label ? 6 : 0}>
        {units.map((unit) => (
          <NumberInput
            key={unit}
            size="xs"
            label={unitLabels[unit]}
            aria-label={`${namePrefix}${unitLabels[unit]}`}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            thousandSeparator="."
            decimalSeparator=","
            value={(value[unit] ?? 0) > 0 ? value[unit] : ""}
            onChange={(n) => set(unit, n)}
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
