// German validation messages shared by server answers and web forms.
import { z } from "zod";

export const validationMessages = {
  required: "Eingabe erforderlich",
  tooShort: (min: number) => `Mindestens ${min} Zeichen`,
  tooLong: (max: number) => `Höchstens ${max} Zeichen`,
  usernameChars: "Erlaubt sind Buchstaben, Ziffern sowie . _ -",
  invalidValue: "Ungültiger Wert",
  invalidNumber: "Bitte gib eine gültige Zahl ein",
  passwordsDiffer: "Die Passwörter stimmen nicht überein",
  invalidChars: "Enthält unzulässige Zeichen (z. B. ein Nullbyte)",
  nothingToChange: "Keine Änderung angegeben",
} as const;

/**
 * Text the database can store as given: no NUL (PostgreSQL refuses it in text and jsonb) and no lone
 * UTF-16 surrogate (it would silently turn into U+FFFD on the way to the database).
 */
export function isCleanText(value: string): boolean {
  return !value.includes("\u0000") && !loneSurrogate.test(value);
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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
