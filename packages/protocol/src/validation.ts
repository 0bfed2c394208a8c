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
} as const;

/** A trimmed, non-empty string: empty input answers "Eingabe erforderlich". */
export const requiredString = (max = 200) =>
  z
    .string({ error: validationMessages.required })
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
