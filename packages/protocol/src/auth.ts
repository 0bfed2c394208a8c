// Login, the signed-in user and sessions (PRODUCT §2).
import { z } from "zod";
import { validationMessages } from "./validation.js";
import { worldSchema } from "./world.js";

export const roles = ["admin", "user"] as const;
export const roleSchema = z.enum(roles, { error: validationMessages.invalidValue });
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = { admin: "Administrator", user: "Benutzer" };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;

export const usernameSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .min(USERNAME_MIN, validationMessages.tooShort(USERNAME_MIN))
  .max(USERNAME_MAX, validationMessages.tooLong(USERNAME_MAX))
  .regex(/^[\p{L}\p{N}._-]+$/u, validationMessages.usernameChars);

export const passwordSchema = z
  .string({ error: validationMessages.required })
  .min(1, validationMessages.required)
  .min(PASSWORD_MIN, validationMessages.tooShort(PASSWORD_MIN))
  .max(PASSWORD_MAX, validationMessages.tooLong(PASSWORD_MAX));

export const loginSchema = z.object({
  username: z.string({ error: validationMessages.required }).trim().min(1, validationMessages.required).max(100),
  password: z.string({ error: validationMessages.required }).min(1, validationMessages.required).max(PASSWORD_MAX),
});
export type Login = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  isAdmin: z.boolean(),
  world: worldSchema,
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
