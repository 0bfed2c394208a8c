// Login, the signed-in user and sessions.
import { z } from "zod";
import { text, validationMessages } from "./validation.js";
import { worldSchema } from "./world.js";

export const roles = ["admin", "user"] as const;
export const roleSchema = z.enum(roles, { error: validationMessages.invalidValue });
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = { admin: "Administrator", user: "Benutzer" };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;

export const usernameSchema = text({ error: validationMessages.required })
  .trim()
  // One spelling per name: compatibility forms (ﬁ, full-width letters …) become their plain letters.
  .overwrite((name) => name.normalize("NFKC"))
  .min(1, validationMessages.required)
  .min(USERNAME_MIN, validationMessages.tooShort(USERNAME_MIN))
  .max(USERNAME_MAX, validationMessages.tooLong(USERNAME_MAX))
  .regex(/^[\p{L}\p{N}._-]+$/u, validationMessages.usernameChars);

/**
 * The one case-insensitive form of a username, used for uniqueness, lookup and the login limit alike
 * (never the database's lower(), whose rules depend on its locale). Upper- and lower-casing until
 * nothing changes folds ß/ẞ/SS, σ/ς/Σ and İ consistently; NFKC first and last keeps one spelling.
 */
export function usernameKey(username: string): string {
  let key = username.trim().normalize("NFKC");
  for (let i = 0; i < 4; i++) {
    const next = key.toUpperCase().toLowerCase().normalize("NFKC");
    if (next === key) break;
    key = next;
  }
  return key;
}

export const passwordSchema = text({ error: validationMessages.required })
  .min(1, validationMessages.required)
  .min(PASSWORD_MIN, validationMessages.tooShort(PASSWORD_MIN))
  .max(PASSWORD_MAX, validationMessages.tooLong(PASSWORD_MAX));

export const loginSchema = z.object({
  username: text({ error: validationMessages.required }).trim().min(1, validationMessages.required).max(100, validationMessages.tooLong(100)),
  password: text({ error: validationMessages.required }).min(1, validationMessages.required).max(PASSWORD_MAX, validationMessages.tooLong(PASSWORD_MAX)),
});
export type Login = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  isAdmin: z.boolean(),
  world: worldSchema,
  /** The server time zone of the user's world (IANA): game times outside a plan are shown in it. */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const sessionInfoSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
