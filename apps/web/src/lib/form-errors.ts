// Put the server's field issues (ApiError.issues) onto react-hook-form fields.
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/**
 * Sets an error on every known field the server complained about; returns true when at least one
 * was set (the caller shows the general message otherwise).
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((f) => f === issue.path);
    if (field) {
      setError(field, { type: "server", message: issue.message });
      applied = true;
    }
  }
  return applied;
}
