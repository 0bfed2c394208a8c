// The login form's checks without zod or react-hook-form (they would weigh on the login page): the
// rules of loginSchema (@dsbot/protocol) a user can break by typing, with its German messages. Which
// lengths the server accepts it says itself (400 with a German message).
import { isCleanText, validationMessages, type Login } from "@dsbot/protocol";

export type LoginErrors = Partial<Record<keyof Login, string>>;

/** One message per field, in loginSchema's order: unclean characters first, then empty input. */
function fieldError(value: string, empty: boolean): string | undefined {
  if (!isCleanText(value)) return validationMessages.invalidChars;
  if (empty) return validationMessages.required;
  return undefined;
}

/** The form's errors (empty object: valid). The username is trimmed as the schema trims it; the password not. */
export function validateLogin(values: Login): LoginErrors {
  const errors: LoginErrors = {};
  const username = fieldError(values.username, values.username.trim() === "");
  const password = fieldError(values.password, values.password === "");
  if (username) errors.username = username;
  if (password) errors.password = password;
  return errors;
}

/** What the form sends: the values as loginSchema would pass them on (the username trimmed). */
export function loginPayload(values: Login): Login {
  return { username: values.username.trim(), password: values.password };
}
