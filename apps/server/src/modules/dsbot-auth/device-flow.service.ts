// The device flow that pairs a runner (RFC 8628 style): the runner asks for a code pair, the user
// approves the short user code on /dsbot-auth, the runner redeems its secret device code for a token.
import { randomInt } from "node:crypto";
import type { DeviceResponse, DeviceTokenResponse, TokenScope } from "@dsbot/protocol";
import {
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  USER_CODE_LENGTH,
  errorMessages,
  userCodeAlphabet,
} from "@dsbot/protocol";
import { and, count, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { deviceCodes, runnerTokens } from "../../db/schema.js";
import type { RunnerTokenRow, UserRow } from "../../db/schema.js";
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from "../../http/errors.js";
import { createToken, hashToken } from "../auth/index.js";

/** A poll this much earlier than the interval counts as too fast (network jitter is not abuse). */
const POLL_TOLERANCE_MS = 500;

function newUserCode(): string {
  const chars = Array.from({ length: USER_CODE_LENGTH }, () => userCodeAlphabet[randomInt(userCodeAlphabet.length)]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/** Open (pending, unexpired) codes allowed per address and in all; beyond that new codes wait. */
export const OPEN_CODES_PER_IP = 20;
export const OPEN_CODES_TOTAL = 10_000;

/** 429 when this address, or everyone together, already holds too many open codes. */
export async function requireRoomForDeviceCode(db: Database, ip: string, now = new Date()): Promise<void> {
  const open = and(eq(deviceCodes.status, "pending"), gt(deviceCodes.expiresAt, now));
  const [[mine], [all]] = await Promise.all([
    db.select({ n: count() }).from(deviceCodes).where(and(open, eq(deviceCodes.requestedByIp, ip))),
    db.select({ n: count() }).from(deviceCodes).where(open),
  ]);
  if ((mine?.n ?? 0) >= OPEN_CODES_PER_IP) throw tooManyRequests(errorMessages.deviceCodeRateLimited);
  if ((all?.n ?? 0) >= OPEN_CODES_TOTAL) throw tooManyRequests(errorMessages.deviceCodesExhausted);
}

export async function startDeviceFlow(db: Database, runnerName: string, ip: string | null = null, scope: TokenScope = "runner"): Promise<DeviceResponse> {
  const deviceCode = createToken();
  const expiresAt = new Date(Date.now() + DEVICE_CODE_TTL_SECONDS * 1000);
  // 31^8 ≈ 8.5e11 codes: a collision is rare, a retry settles it.
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    try {
      await db.insert(deviceCodes).values({ deviceCodeHash: hashToken(deviceCode), userCode, runnerName, scope, requestedByIp: ip, expiresAt });
      return {
        deviceCode,
        userCode,
        verificationUrl: `/dsbot-auth?code=${userCode}`,
        expiresIn: DEVICE_CODE_TTL_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
      };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * The user approves the code: the runner token is created now (so it can be listed and revoked at
 * once) with an unusable hash; the runner gets the real token when it redeems its device code.
 */
export async function approveDeviceCode(db: Database, user: UserRow, userCode: string): Promise<RunnerTokenRow> {
  return db.transaction(async (tx) => {
    const [code] = await tx.select().from(deviceCodes).where(eq(deviceCodes.userCode, userCode)).for("update");
    if (!code) throw notFound(errorMessages.deviceCodeNotFound);
    if (code.status !== "pending") throw conflict(errorMessages.deviceCodeUsed);
    if (code.expiresAt <= new Date()) throw badRequest(errorMessages.deviceCodeExpired);
    const [runner] = await tx
      .insert(runnerTokens)
      .values({ userId: user.id, name: code.runnerName, scope: code.scope, tokenHash: hashToken(createToken()) })
      .returning();
    if (!runner) throw new Error("runner token insert returned no row");
    await tx.update(deviceCodes).set({ status: "approved", userId: user.id, runnerTokenId: runner.id }).where(eq(deviceCodes.id, code.id));
    return runner;
  });
}

export async function denyDeviceCode(db: Database, user: UserRow, userCode: string): Promise<void> {
  const rows = await db
    .update(deviceCodes)
    .set({ status: "denied", userId: user.id })
    .where(and(eq(deviceCodes.userCode, userCode), eq(deviceCodes.status, "pending")))
    .returning({ id: deviceCodes.id });
  if (rows.length === 0) throw notFound(errorMessages.deviceCodeNotFound);
}

type GrantErrorCode = "authorization_pending" | "slow_down" | "expired_token" | "access_denied" | "invalid_grant";
type Redeemed = DeviceTokenResponse | { error: GrantErrorCode; message: string };

/**
 * Each answer but the token is a 400 whose `error.code` tells the runner what to do next. The
 * transaction returns refusals instead of throwing them, so the poll time it records is kept.
 */
export async function redeemDeviceCode(db: Database, deviceCode: string): Promise<DeviceTokenResponse> {
  const result = await db.transaction(async (tx): Promise<Redeemed> => {
    const [code] = await tx.select().from(deviceCodes).where(eq(deviceCodes.deviceCodeHash, hashToken(deviceCode))).for("update");
    if (!code || code.status === "consumed") return { error: "invalid_grant", message: errorMessages.deviceCodeInvalid };
    const now = new Date();
    if (code.expiresAt <= now) return { error: "expired_token", message: errorMessages.deviceCodeExpired };
    if (code.status === "denied") return { error: "access_denied", message: errorMessages.deviceAccessDenied };
    const tooFast =
      code.lastPolledAt !== null && now.getTime() - code.lastPolledAt.getTime() < DEVICE_POLL_INTERVAL_SECONDS * 1000 - POLL_TOLERANCE_MS;
    await tx.update(deviceCodes).set({ lastPolledAt: now }).where(eq(deviceCodes.id, code.id));
    if (tooFast) return { error: "slow_down", message: errorMessages.deviceSlowDown };
    if (code.status === "pending" || code.runnerTokenId === null) {
      return { error: "authorization_pending", message: errorMessages.deviceAuthorizationPending };
    }
    await tx.update(deviceCodes).set({ status: "consumed" }).where(eq(deviceCodes.id, code.id));
    const token = createToken();
    const [runner] = await tx
      .update(runnerTokens)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(runnerTokens.id, code.runnerTokenId), isNull(runnerTokens.revokedAt)))
      .returning();
    if (!runner) return { error: "access_denied", message: errorMessages.deviceAccessDenied };
    return { token, name: runner.name };
  });
  if ("error" in result) throw new HttpError(400, result.error, result.message);
  return result;
}

/** Housekeeping: an hour after it expired a code has told its runner so long enough. */
export async function purgeOldDeviceCodes(db: Database, now = new Date()): Promise<void> {
  await db.delete(deviceCodes).where(lt(deviceCodes.expiresAt, new Date(now.getTime() - 60 * 60 * 1000)));
}
