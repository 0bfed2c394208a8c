// German validation messages shared by server answers and web forms, and the clean-text rule, without
// zod (the web app's login page needs them); validation.ts re-exports both.

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
