// A NumberInput for an optional whole number ≥ 0: empty is null (the step is off).
import { NumberInput, type NumberInputProps } from "@mantine/core";

export interface WholeNumberInputProps extends Omit<NumberInputProps, "value" | "onChange"> {
  value: number | null;
  onNumberChange: (value: number | null) => void;
}

export function WholeNumberInput({ value, onNumberChange, ...props }: WholeNumberInputProps) {
  return (
    <NumberInput
      value={value ?? ""}
      onChange={(next) => onNumberChange(typeof next === "number" && Number.isFinite(next) ? next : null)}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      {...props}
    />
  );
}
