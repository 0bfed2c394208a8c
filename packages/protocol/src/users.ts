// User administration (admin only) and the own profile (PRODUCT §3, §6).
import { z } from "zod";
import { passwordSchema, roleSchema, sessionInfoSchema, userSchema, usernameSchema } from "./auth.js";
import { listQueryBase, sortBySchema } from "./table.js";
import { validationMessages } from "./validation.js";
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
});
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const profileUpdateSchema = z.object({ world: worldSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: validationMessages.required }).min(1, validationMessages.required),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const sessionListResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;
