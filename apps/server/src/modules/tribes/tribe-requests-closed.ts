// A request closes when its attack lands: the attacked member, the one who asked for them, the
// Anführer and Koordinatoren and every member with a support in it are told once what arrived in time
// (the support states at the landing: sent and arrived before the deadline, or seen "im Dorf"). The
// claim is one conditional update, so several instances tell each request once.
import { requestProgress } from "@dsbot/protocol";
import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { tribeMembers, tribeSupportRequests, users } from "../../db/schema.js";
import type { NotifyContext } from "../notifications/index.js";
import { notificationLinks, notificationTexts, notify } from "../notifications/index.js";
import { supportsOfRequests } from "./tribe-defence-supports.js";

export const TRIBE_REQUESTS_CLOSED_INTERVAL_MS = 15_000;
/** At most this many requests are told per run; the rest in the next. */
const TOLD_PER_RUN = 200;

/** One run: claims the requests whose attack landed and tells them; answers how many. */
export async function tellClosedRequests(ctx: NotifyContext, now = new Date()): Promise<number> {
  const { db } = ctx;
  const due = db
    .select({ id: tribeSupportRequests.id })
    .from(tribeSupportRequests)
    .where(and(isNull(tribeSupportRequests.closedToldAt), isNull(tribeSupportRequests.withdrawnAt), lte(tribeSupportRequests.attackArrivalAt, now)))
    .orderBy(tribeSupportRequests.attackArrivalAt)
    .limit(TOLD_PER_RUN);
  const claimed = await db
    .update(tribeSupportRequests)
    .set({ closedToldAt: now })
    .where(and(inArray(tribeSupportRequests.id, due), isNull(tribeSupportRequests.closedToldAt)))
    .returning();
  if (claimed.length === 0) return 0;
  const supports = await supportsOfRequests(db, claimed.map((r) => r.id));
  const names = new Map(
    (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, [...new Set(claimed.map((r) => r.memberId))]))).map((u) => [u.id, u.username]),
  );
  for (const request of claimed) {
    const list = supports.get(request.id) ?? [];
    const progress = requestProgress(request.need, request.neededBy.getTime(), list, request.attackArrivalAt.getTime());
    const members = await db.select({ userId: tribeMembers.userId, role: tribeMembers.role }).from(tribeMembers).where(eq(tribeMembers.tribeId, request.tribeId));
    const leads = members.filter((m) => m.role !== "member").map((m) => m.userId);
    // Only who is still in the tribe: a member who left keeps nothing of it.
    const inTribe = new Set(members.map((m) => m.userId));
    const recipients = [request.memberId, request.requestedBy, ...leads, ...list.map((s) => s.member.userId)].filter(
      (id): id is number => id !== null && inTribe.has(id),
    );
    const village = `${request.targetName ?? ""} (${request.targetX}|${request.targetY})`.trim();
    await notify(ctx, recipients, {
      ...notificationTexts.supportRequestClosed(names.get(request.memberId) ?? "?", village, progress.arrived, progress.requested, request.need.kind === "units", progress.troubled),
      link: notificationLinks.tribe(request.tribeId),
    });
  }
  return claimed.length;
}
