// User administration (admin only) and the own profile.
import { z } from "zod";
import { passwordSchema, roleSchema, sessionInfoSchema, userSchema, usernameSchema } from "./auth.js";
import { botStatusSchema } from "./bots.js";
import { runnerListItemSchema } from "./dsbot-auth.js";
import { listQueryBase, sortBySchema } from "./table.js";
import { text, validationMessages } from "./validation.js";
import { worldSchema } from "./world.js";

export const userSortFields = ["username", "role", "createdAt"] as const;
export type UserSortField = (typeof userSortFields)[number];

export const userListQuerySchema = listQueryBase.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: sortBySchema(userSortFields, "username"),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({ users: z.array(userSchema), totals: z.number().int() });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userCreateSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: roleSchema,
  world: worldSchema,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Admin edit: role, world and/or a new password (which revokes the user's sessions). */
export const userUpdateSchema = z
  .object({ role: roleSchema, world: worldSchema, password: passwordSchema })
  .partial()
  .refine((v) => v.role !== undefined || v.world !== undefined || v.password !== undefined, {
    message: validationMessages.required,
  });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userDetailResponseSchema = z.object({
  user: userSchema,
  sessions: z.array(sessionInfoSchema),
  /** The user's paired runners (Dsbot), revocable by the admin. */
  runners: z.array(runnerListItemSchema),
});
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/users/{id}/dsbots (admin): the bots a user owns or was granted, with how. */
export const userBotAccesses = ["owner", "granted"] as const;
export const userBotSchema = z.object({
  id: z.number().int(),
  dsPlayer: z.object({ name: z.string() }),
  world: worldSchema,
  status: botStatusSchema.nullable(),
  access: z.enum(userBotAccesses),
  /** When the bot was granted; null for own bots. */
  grantedAt: z.string().nullable(),
});
export type UserBot = z.infer<typeof userBotSchema>;
export const userBotsResponseSchema = z.object({ dsbots: z.array(userBotSchema) });
export type UserBotsResponse = z.infer<typeof userBotsResponseSchema>;

/** DELETE /api/users/{id}/runners/{runnerId} (admin): revoke one of the user's runner tokens. */
export const userRunnerParamsSchema = userIdParamsSchema.extend({ runnerId: z.coerce.number().int().positive() });

/** DELETE /api/users/{id}/sessions (admin): web sessions and runner tokens revoked. */
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int(), revokedRunners: z.number().int() });
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponseSchema>;

/**
 * GET /api/users/lookup?username= (any signed-in user): the one user with exactly this name (case
 * does not matter) or 404. No partial matches, so it cannot list users; rate-limited per caller.
 */
export const userLookupQuerySchema = z.object({ username: usernameSchema });
export type UserLookupQuery = z.infer<typeof userLookupQuerySchema>;
export const userLookupResponseSchema = z.object({ user: z.object({ id: z.number().int(), username: z.string() }) });
export type UserLookupResponse = z.infer<typeof userLookupResponseSchema>;

export const profileUpdateSchema = z.object({ world: worldSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: text({ error: validationMessages.required }).min(1, validationMessages.required),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const sessionListResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;
