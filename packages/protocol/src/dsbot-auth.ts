// Pairing a runner with an account ("Dsbot Auth"): an OAuth-style device flow
// (RFC 8628) that ends in a runner token, plus the list of paired runners.
import { z } from "zod";
import { requiredString, text, validationMessages } from "./validation.js";

/** Seconds a device code lives and the polling interval the runner must keep. */
export const DEVICE_CODE_TTL_SECONDS = 600;
export const DEVICE_POLL_INTERVAL_SECONDS = 2;

/** No 0/O, 1/I/L: a code read aloud or typed off another screen survives. */
export const userCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const USER_CODE_LENGTH = 8;

/** "abcd efgh", "ABCDEFGH" and "ABCD-EFGH" are the same code; answers the canonical "ABCD-EFGH". */
export function normalizeUserCode(input: string): string {
  const plain = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return plain.length === USER_CODE_LENGTH ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

export const runnerNameSchema = requiredString(64);

/**
 * What a paired token may do: `runner` drives bots (runner and bot sockets, claims, reports) and reads
 * the userscript's overview; `userscript` reads that overview and nothing else (the userscript runs in
 * the game's page, so its token must not be able to run bots).
 */
export const tokenScopes = ["runner", "userscript"] as const;
export const tokenScopeSchema = z.enum(tokenScopes);
export type TokenScope = z.infer<typeof tokenScopeSchema>;

/** `scope` is optional for the runners already out there: without it the token is a runner's. */
export const deviceRequestSchema = z.object({ name: runnerNameSchema, scope: tokenScopeSchema.optional() });
export type DeviceRequest = z.infer<typeof deviceRequestSchema>;

export const deviceResponseSchema = z.object({
  /** Secret: only the runner knows it; it trades it for the token once the user approved. */
  deviceCode: z.string(),
  /** Shown to the user, who enters or confirms it on /dsbot-auth. */
  userCode: z.string(),
  verificationUrl: z.string(),
  expiresIn: z.number().int(),
  interval: z.number().int(),
});
export type DeviceResponse = z.infer<typeof deviceResponseSchema>;

export const deviceTokenRequestSchema = z.object({ deviceCode: text({ error: validationMessages.required }).min(1, validationMessages.required).max(200, validationMessages.tooLong(200)) });
export type DeviceTokenRequest = z.infer<typeof deviceTokenRequestSchema>;

/**
 * 200 answer of POST /api/dsbot-auth/token. Until then it answers 400 with `error.code`
 * `authorization_pending` (keep polling every `interval` s), `slow_down` (polled too fast: add 5 s),
 * `expired_token`, `access_denied` or `invalid_grant` (unknown or already redeemed: start over).
 */
export const deviceTokenResponseSchema = z.object({ token: z.string(), name: z.string() });
export type DeviceTokenResponse = z.infer<typeof deviceTokenResponseSchema>;

export const userCodeSchema = text({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(20, validationMessages.tooLong(20))
  .transform(normalizeUserCode);

export const deviceApproveSchema = z.object({ userCode: userCodeSchema });
export type DeviceApprove = z.infer<typeof deviceApproveSchema>;

export const runnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Older servers sent none: a runner's. */
  scope: tokenScopeSchema.default("runner"),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable().optional(),
  connected: z.boolean().optional(),
});
export type Runner = z.infer<typeof runnerSchema>;

export const deviceApproveResponseSchema = z.object({ runner: runnerSchema });
export type DeviceApproveResponse = z.infer<typeof deviceApproveResponseSchema>;

export const runnerListItemSchema = runnerSchema.required({ lastSeenAt: true, connected: true });
export type RunnerListItem = z.infer<typeof runnerListItemSchema>;

export const runnerListResponseSchema = z.object({ runners: z.array(runnerListItemSchema) });
export type RunnerListResponse = z.infer<typeof runnerListResponseSchema>;

export const runnerIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
