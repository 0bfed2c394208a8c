// The login form's hand-written checks give the messages loginSchema gives (the server's rules),
// without zod on the login page.
import { loginSchema, validationMessages, type Login } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { loginPayload, validateLogin } from "./login-validation";

/** loginSchema's first message per field, as the zod resolver showed them. */
function schemaErrors(values: Login): Partial<Record<keyof Login, string>> {
  const result = loginSchema.safeParse(values);
  const errors: Partial<Record<keyof Login, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof Login;
    errors[field] ??= issue.message;
  }
  return errors;
}

const cases: [string, Login][] = [
  ["both empty", { username: "", password: "" }],
  ["username only spaces", { username: "   ", password: "passwort-123" }],
  ["password empty", { username: "admin", password: "" }],
  ["password only spaces (not trimmed)", { username: "admin", password: "   " }],
  ["username with a NUL byte", { username: "ad\u0000min", password: "passwort-123" }],
  ["password with a lone surrogate", { username: "admin", password: "pass\uD800wort" }],
  ["both unclean", { username: "\u0000", password: "\uDC00" }],
  ["valid, username with spaces around", { username: "  admin ", password: "passwort-123" }],
];

describe("login validation", () => {
  it.each(cases)("%s: the messages of loginSchema", (_name, values) => {
    expect(validateLogin(values)).toEqual(schemaErrors(values));
  });

  it("answers 'Eingabe erforderlich' for each empty field", () => {
    expect(validateLogin({ username: " ", password: "" })).toEqual({
      username: validationMessages.required,
      password: validationMessages.required,
    });
    expect(validationMessages.required).toBe("Eingabe erforderlich");
  });

  it("refuses NUL bytes with the schema's German text", () => {
    expect(validateLogin({ username: "a\u0000", password: "x" })).toEqual({ username: "Enthält unzulässige Zeichen (z. B. ein Nullbyte)" });
  });

  it("sends the username trimmed, as the schema passes it on, and the password as typed", () => {
    const values = { username: "  admin ", password: " geheim " };
    expect(loginPayload(values)).toEqual({ username: "admin", password: " geheim " });
    expect(loginPayload(values)).toEqual(loginSchema.parse(values));
  });
});
