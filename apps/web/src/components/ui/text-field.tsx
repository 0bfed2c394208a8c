// Text and password inputs bound to react-hook-form. `required` applies the global required rule
// ('Eingabe erforderlich') and marks the input aria-required; with a zod resolver the schema's rules
// apply instead. No asterisk by default: it would become part of the label text ("Passwort *").
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from "@mantine/core";
import { useController, type Control, type FieldPath, type FieldValues, type RegisterOptions } from "react-hook-form";
import { required as requiredRule } from "@/lib/validation";

type Rules<T extends FieldValues, N extends FieldPath<T>> = Omit<
  RegisterOptions<T, N>,
  "valueAsNumber" | "valueAsDate" | "setValueAs" | "disabled"
>;

interface FieldBaseProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  required?: boolean;
  rules?: Rules<T, N>;
}

function useField<T extends FieldValues, N extends FieldPath<T>>({ control, name, required, rules }: FieldBaseProps<T, N>) {
  const validate = rules?.validate;
  const composed: Rules<T, N> = required
    ? {
        ...rules,
        validate:
          typeof validate === "function"
            ? { required: requiredRule, custom: validate }
            : { required: requiredRule, ...validate },
      }
    : (rules ?? {});
  return useController({ control, name, rules: composed });
}

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldBaseProps<T, N> &
  Omit<TextInputProps, "name" | "value" | "onChange" | "error" | "required">;

export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  required,
  rules,
  ...props
}: TextFieldProps<T, N>) {
  const { field, fieldState } = useField({ control, name, required, rules });
  return (
    <TextInput
      {...props}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ""}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      aria-required={required || undefined}
      error={fieldState.error?.message}
    />
  );
}

export type PasswordFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldBaseProps<T, N> &
  Omit<PasswordInputProps, "name" | "value" | "onChange" | "error" | "required">;

export function PasswordField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  required,
  rules,
  ...props
}: PasswordFieldProps<T, N>) {
  const { field, fieldState } = useField({ control, name, required, rules });
  return (
    <PasswordInput
      {...props}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ""}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      aria-required={required || undefined}
      error={fieldState.error?.message}
    />
  );
}
