// The global `required` rule, usable as a react-hook-form `validate` function.
import { validationMessages } from "@dsbot/protocol";

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "number") return Number.isNaN(value);
  return false;
}

/** Returns 'Eingabe erforderlich' for empty values, otherwise true (react-hook-form convention). */
export function required(value: unknown): true | string {
  return isEmptyValue(value) ? validationMessages.required : true;
}
