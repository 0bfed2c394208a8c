// Invitations into a tribe: a code the Anführer hands out (shown once; only its sha256 is kept) that
// expires and may be limited to a number of uses, and joining with it. Joins are rate-limited per user,
// so a code cannot be found by trying; a wrong, expired and used-up code answer alike.
import type { TribeInvite, TribeInviteCreate } from "@dsbot/protocol";
import { TRIBE_INVITE_CODE_LENGTH, TRIBE_INVITES_OPEN_MAX, TRIBE_JOIN_ATTEMPTS_PER_HOUR, tribeMessages } from "@dsbot/protocol";
import { randomInt } from "node:crypto";
import { and, asc, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { tribeInvites, tribeMembers, tribes } from "../../db/schema.js";
import type { TribeInviteRow, UserRow } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import { hashToken } from "../auth/index.js";
import type { RateLimit } from "../limits/index.js";
import { hitRateLimit } from "../limits/index.js";
import { tribeAudience } from "../../policies/tribes.policy.js";
import type { TribeChange } from "./tribes.service.js";
import { usernamesOf } from "./tribes.service.js";

/** No 0/O or 1/I/L: a code read aloud or typed from a screenshot comes out right. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const HINT_LENGTH = 4;

export const TRIBE_JOIN_LIMIT: RateLimit = { name: "tribe-join", max: TRIBE_JOIN_ATTEMPTS_PER_HOUR, windowMs: 60 * 60 * 1000, message: tribeMessages.tooManyJoins };

/** A fresh code: 16 of 31 characters, about 79 bits. */
export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < TRIBE_INVITE_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Open: not expired and not used up. */
const openInvite = (now: Date) => and(gt(tribeInvites.expiresAt, now), or(isNull(tribeInvites.maxUses), lt(tribeInvites.uses, tribeInvites.maxUses)));

async function present(db: Database, rows: TribeInviteRow[]): Promise<TribeInvite[]> {
  const names = await usernamesOf(db, rows.map((r) => r.createdBy).filter((id): id is number => id !== null));
  return rows.map((r) => ({
    id: r.id,
    hint: r.hint,
    createdBy: r.createdBy === null ? "–" : (names.get(r.createdBy) ?? "–"),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    maxUses: r.maxUses,
    uses: r.uses,
  }));
}

export async function listInvites(db: Database, tribeId: number, now = new Date()): Promise<TribeInvite[]> {
  const rows = await db
    .select()
    .from(tribeInvites)
    .where(and(eq(tribeInvites.tribeId, tribeId), openInvite(now)))
    .orderBy(asc(tribeInvites.expiresAt));
  return present(db, rows);
}

export async function createInvite(db: Database, tribeId: number, creatorId: number, input: TribeInviteCreate, now = new Date()): Promise<{ invite: TribeInvite; code: string }> {
  const [open] = await db.select({ n: count() }).from(tribeInvites).where(and(eq(tribeInvites.tribeId, tribeId), openInvite(now)));
  if ((open?.n ?? 0) >= TRIBE_INVITES_OPEN_MAX) throw conflict(tribeMessages.tooManyInvites);
  // A clash of two 79-bit codes does not happen; the loop only keeps the unique index honest.
  for (;;) {
    const code = newInviteCode();
    try {
      const [row] = await db
        .insert(tribeInvites)
        .values({
          tribeId,
          codeHash: hashToken(code),
          hint: code.slice(0, HINT_LENGTH),
          createdBy: creatorId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expiresInHours * 60 * 60 * 1000),
          maxUses: input.maxUses,
        })
        .returning();
      if (!row) throw new Error("invite not created");
      const [invite] = await present(db, [row]);
      if (!invite) throw new Error("invite not presented");
      return { invite, code };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

export async function revokeInvite(db: Database, tribeId: number, inviteId: number): Promise<void> {
  if (inviteId > MAX_SERIAL_ID) throw notFound(tribeMessages.inviteNotFound);
  const deleted = await db.delete(tribeInvites).where(and(eq(tribeInvites.id, inviteId), eq(tribeInvites.tribeId, tribeId))).returning({ id: tribeInvites.id });
  if (deleted.length === 0) throw notFound(tribeMessages.inviteNotFound);
}

/** Join the tribe a code invites into: one use of it, and a membership as Mitglied. */
export async function joinWithCode(db: Database, user: UserRow, code: string, now = new Date()): Promise<TribeChange> {
  await hitRateLimit(db, TRIBE_JOIN_LIMIT, String(user.id), now);
  const codeHash = hashToken(code);
  try {
    const tribeId = await db.transaction(async (tx) => {
      // The use is counted in the same statement that checks the code, so two joins cannot both take a last use.
      const [invite] = await tx
        .update(tribeInvites)
        .set({ uses: sql`${tribeInvites.uses} + 1` })
        .where(and(eq(tribeInvites.codeHash, codeHash), openInvite(now)))
        .returning({ tribeId: tribeInvites.tribeId });
      if (!invite) throw notFound(tribeMessages.inviteInvalid);
      const [tribe] = await tx.select().from(tribes).where(eq(tribes.id, invite.tribeId)).limit(1);
      if (!tribe) throw notFound(tribeMessages.inviteInvalid);
      await tx.insert(tribeMembers).values({ tribeId: tribe.id, userId: user.id, worldServer: tribe.worldServer, worldWorld: tribe.worldWorld, role: "member" });
      return tribe.id;
    });
    return { tribeId, audience: await tribeAudience(db, tribeId) };
  } catch (error) {
    // Already in a tribe on that world (this one or another): the transaction took no use of the code.
    if (isUniqueViolation(error)) throw conflict(tribeMessages.alreadyInTribe);
    throw error;
  }
}
