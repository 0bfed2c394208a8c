// zod helpers for client input (clean and required strings) and the issue list of API errors; the
// German messages they use come from validation-messages.ts.
import { z } from "zod";
import { isCleanText, validationMessages } from "./validation-messages.js";

// The messages and the clean-text rule live in validation-messages.ts (no zod: the web app's login
// page reads them).
export { isCleanText, validationMessages } from "./validation-messages.js";

/** Every string a client sends: `z.string` that refuses NUL bytes and lone surrogates in German. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isCleanText, validationMessages.invalidChars);

/** A trimmed, non-empty string: empty input answers "Eingabe erforderlich". */
export const requiredString = (max = 200) =>
  text({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .max(max, validationMessages.tooLong(max));

/** Turn zod issues into the `issues` list of the API error body. */
export function toIssueList(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

/** Nesting deeper than this is no real input (and a stack risk for whoever walks it). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Walks a decoded request or socket payload (iteratively: hostile nesting cannot overflow the stack)
 * and answers where the first unclean string or key sits, or that it nests too deep; null if clean.
 */
export function findUncleanInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): { path: string; reason: "chars" | "depth" } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string[] };
    if (typeof item.value === "string") {
      if (!isCleanText(item.value)) return { path: item.path.join("."), reason: "chars" };
      continue;
    }
    if (item.value === null || typeof item.value !== "object") continue;
    if (item.path.length >= maxDepth) return { path: item.path.join("."), reason: "depth" };
    for (const [key, child] of Object.entries(item.value)) {
      if (!isCleanText(key)) return { path: [...item.path, "?"].join("."), reason: "chars" };
      stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}

/**
 * A list's refinement: each item's `field` at most once; a repeat is an issue at `[index, field]` with
 * the message (a function gets the repeated value).
 */
export function uniqueField<T, K extends keyof T & string>(field: K, message: string | ((value: T[K]) => string)) {
  return (list: readonly T[], ctx: z.RefinementCtx): void => {
    const seen = new Set<T[K]>();
    list.forEach((item, index) => {
      const value = item[field];
      if (seen.has(value)) ctx.addIssue({ code: "custom", path: [index, field], message: typeof message === "string" ? message : message(value) });
      seen.add(value);
    });
  };
}
