// Signing a user out everywhere (a new password, an admin's "revoke sessions"): web sessions and
// runner tokens are revoked, and their sockets end at once.
import type { AppContext } from "../../platform/app-context.js";
import { revokeUserRunnerTokens } from "./runner-tokens.service.js";
import { revokeUserSessions } from "./sessions.service.js";

/** `keepSessionId`: the session making the request survives its own password change. Answers the counts. */
export async function signOutEverywhere(
  ctx: Pick<AppContext, "db" | "events">,
  userId: number,
  keepSessionId?: number,
): Promise<{ sessions: number; runners: number }> {
  const sessions = await revokeUserSessions(ctx.db, userId, keepSessionId);
  const runners = await revokeUserRunnerTokens(ctx.db, userId);
  await ctx.events.emit("sessions.revoked", { sessionIds: sessions, runnerTokenIds: runners });
  return { sessions: sessions.length, runners: runners.length };
}
