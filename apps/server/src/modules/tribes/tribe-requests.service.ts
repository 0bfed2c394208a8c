// Unterstützung anfordern: a request of support for a member's village under attack, asked from an
// incoming on the tribe's board by the attacked member (the one whose bot saw it or who pasted it) or by
// a Koordinator or the Anführer for them. Needed by the attack's arrival (a train's first command) less
// a margin; what is needed is a population of defence or certain units. Open until withdrawn; listed
// while the attack has not landed. Asking rings the bell of the Anführer, the Koordinatoren and the
// members who could help in time (tribe-request-helpers.ts).
import type { TribeDefenceSupport, TribeRequestCreate, TribeRole, TribeSupportRequest } from "@dsbot/protocol";
import { formatServerTime, needText, TRIBE_REQUESTS_CLOSED_HOURS, TRIBE_REQUESTS_OPEN_MAX, tribeRequestMessages } from "@dsbot/protocol";
import { and, asc, count, eq, gt, isNull, min, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { violatedConstraint } from "../../db/errors.js";
import { dsbots, incomings, tribeMembers, tribeSupportRequests, users } from "../../db/schema.js";
import type { IncomingRow, TribeRow, TribeSupportRequestRow } from "../../db/schema.js";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors.js";
import { MAX_SERIAL_ID } from "../../http/parse.js";
import type { BotContext } from "../../platform/app-context.js";
import type { NotifyContext } from "../notifications/index.js";
import { notificationLinks, notificationTexts, notify } from "../notifications/index.js";
import { worldZoneOf } from "../worlds/index.js";
import { supportsOfRequests } from "./tribe-defence-supports.js";
import { membersWhoCouldHelp, requestRecipients } from "./tribe-request-helpers.js";
import { cancelTribeSupports, tellCancelled } from "./tribe-supports-cancel.js";

const requester = alias(users, "requester");

const coordinates = (x: number, y: number) => `${x}|${y}`;

function present(row: TribeSupportRequestRow, member: string, requestedBy: string | null, supports: TribeDefenceSupport[] = [], now = Date.now()): TribeSupportRequest {
  return {
    id: row.id,
    tribeId: row.tribeId,
    member: { userId: row.memberId, username: member },
    requestedBy,
    village: { id: row.targetVillageId, name: row.targetName, x: row.targetX, y: row.targetY, coordinates: coordinates(row.targetX, row.targetY) },
    incomingId: row.incomingId,
    trainId: row.trainId,
    attackArrival: row.attackArrivalAt.getTime(),
    neededBy: row.neededBy.getTime(),
    need: row.need,
    helpers: row.helpers,
    createdAt: row.createdAt.toISOString(),
    supports,
    closed: row.attackArrivalAt.getTime() <= now,
  };
}

/**
 * The tribe's open requests whose attack has not landed, the most urgent first, and those whose attack
 * landed within TRIBE_REQUESTS_CLOSED_HOURS (closed with what arrived in time), the latest first; each
 * with its planned supports.
 */
export async function listRequests(db: Database, tribeId: number, now = new Date()): Promise<{ open: TribeSupportRequest[]; closed: TribeSupportRequest[] }> {
  const since = new Date(now.getTime() - TRIBE_REQUESTS_CLOSED_HOURS * 3_600_000);
  const rows = await db
    .select({ request: tribeSupportRequests, member: users.username, requestedBy: requester.username })
    .from(tribeSupportRequests)
    .innerJoin(users, eq(users.id, tribeSupportRequests.memberId))
    .leftJoin(requester, eq(requester.id, tribeSupportRequests.requestedBy))
    .where(and(eq(tribeSupportRequests.tribeId, tribeId), isNull(tribeSupportRequests.withdrawnAt), gt(tribeSupportRequests.attackArrivalAt, since)))
    .orderBy(asc(tribeSupportRequests.neededBy), asc(tribeSupportRequests.id));
  const supports = await supportsOfRequests(db, rows.map((r) => r.request.id));
  const all = rows.map((r) => present(r.request, r.member, r.requestedBy, supports.get(r.request.id) ?? [], now.getTime()));
  return { open: all.filter((r) => !r.closed), closed: all.filter((r) => r.closed).reverse() };
}

/** The incoming and the member it belongs to, if it is on the tribe's board; 404 otherwise. */
async function boardIncoming(db: Database, tribe: TribeRow, incomingId: number): Promise<{ incoming: IncomingRow; memberId: number }> {
  if (incomingId > MAX_SERIAL_ID) throw notFound(tribeRequestMessages.incomingNotFound);
  const [row] = await db
    .select({ incoming: incomings, memberId: tribeMembers.userId })
    .from(incomings)
    .leftJoin(dsbots, eq(dsbots.id, incomings.dsbotId))
    .innerJoin(
      tribeMembers,
      and(eq(tribeMembers.tribeId, tribe.id), or(eq(tribeMembers.userId, dsbots.ownerId), eq(tribeMembers.userId, incomings.userId))),
    )
    .where(and(eq(incomings.id, incomingId), eq(incomings.worldServer, tribe.worldServer), eq(incomings.worldWorld, tribe.worldWorld)))
    .limit(1);
  if (!row) throw notFound(tribeRequestMessages.incomingNotFound);
  return row;
}

/** When the attack lands: the incoming's arrival, a train's first command's. */
async function attackArrival(db: Database, incoming: IncomingRow): Promise<Date> {
  if (incoming.trainId === null) return incoming.arrivalAt;
  const owner = incoming.dsbotId !== null ? eq(incomings.dsbotId, incoming.dsbotId) : eq(incomings.userId, incoming.userId ?? 0);
  const [first] = await db
    .select({ at: min(incomings.arrivalAt) })
    .from(incomings)
    .where(and(eq(incomings.trainId, incoming.trainId), owner));
  return first?.at ?? incoming.arrivalAt;
}

const mayActFor = (viewerId: number, role: TribeRole, memberId: number) => viewerId === memberId || role !== "member";

export async function createRequest(
  ctx: NotifyContext,
  tribe: TribeRow,
  viewer: { id: number; username: string },
  role: TribeRole,
  body: TribeRequestCreate,
  now = Date.now(),
): Promise<TribeSupportRequest> {
  const { db } = ctx;
  const { incoming, memberId } = await boardIncoming(db, tribe, body.incomingId);
  if (!mayActFor(viewer.id, role, memberId)) throw new HttpError(403, "forbidden", tribeRequestMessages.notYours);
  const arrival = await attackArrival(db, incoming);
  const neededBy = arrival.getTime() - body.marginSeconds * 1000;
  if (arrival.getTime() <= now || neededBy <= now) throw badRequest(tribeRequestMessages.tooLate);

  const [open] = await db
    .select({ n: count() })
    .from(tribeSupportRequests)
    .where(and(eq(tribeSupportRequests.tribeId, tribe.id), isNull(tribeSupportRequests.withdrawnAt), gt(tribeSupportRequests.attackArrivalAt, new Date(now))));
  if ((open?.n ?? 0) >= TRIBE_REQUESTS_OPEN_MAX) throw conflict(tribeRequestMessages.tooMany);

  const target = { x: incoming.targetX, y: incoming.targetY };
  const helpers = await membersWhoCouldHelp(db, tribe, memberId, target, neededBy, now);
  let row: TribeSupportRequestRow | undefined;
  try {
    [row] = await db
      .insert(tribeSupportRequests)
      .values({
        tribeId: tribe.id,
        memberId,
        requestedBy: viewer.id,
        incomingId: incoming.id,
        trainId: incoming.trainId,
        targetVillageId: incoming.targetVillageId,
        targetX: incoming.targetX,
        targetY: incoming.targetY,
        targetName: incoming.targetName,
        attackArrivalAt: arrival,
        neededBy: new Date(neededBy),
        need: body.need,
        helpers: helpers.length,
      })
      .returning();
  } catch (error) {
    if (violatedConstraint(error) === "tribe_support_requests_open_idx") throw conflict(tribeRequestMessages.alreadyOpen);
    // The member left the tribe in between: the incoming is no longer on its board.
    if (violatedConstraint(error) === "tribe_support_requests_tribe_id_member_id_tribe_members_tribe_id_user_id_fk") {
      throw notFound(tribeRequestMessages.incomingNotFound);
    }
    throw error;
  }
  if (!row) throw notFound(tribeRequestMessages.incomingNotFound);
  const [member] = await db.select({ username: users.username }).from(users).where(eq(users.id, memberId));
  const request = present(row, member?.username ?? "–", viewer.username);

  const zone = await worldZoneOf(db, { server: tribe.worldServer, world: tribe.worldWorld });
  const village = `${row.targetName ?? "Dorf"} (${request.village.coordinates})`;
  await notify(ctx, await requestRecipients(db, tribe.id, helpers, viewer.id), {
    ...notificationTexts.supportRequested(request.member.username, village, formatServerTime(neededBy, zone), needText(body.need)),
    link: notificationLinks.tribe(tribe.id),
  });
  return request;
}

/**
 * Withdraws an open request (the attacked member, a Koordinator or the Anführer); 404 when there is none.
 * Its planned supports that have not gone yet are called off ("cancelled" in the members' plans, their
 * tab requests closed), so no bot sends them any more; sent ones stay as they are.
 */
export async function withdrawRequest(ctx: Pick<BotContext, "db" | "events">, tribe: TribeRow, viewerId: number, role: TribeRole, requestId: number): Promise<void> {
  const { db } = ctx;
  if (requestId > MAX_SERIAL_ID) throw notFound(tribeRequestMessages.notFound);
  const [row] = await db
    .select({ memberId: tribeSupportRequests.memberId })
    .from(tribeSupportRequests)
    .where(and(eq(tribeSupportRequests.id, requestId), eq(tribeSupportRequests.tribeId, tribe.id), isNull(tribeSupportRequests.withdrawnAt)));
  if (!row) throw notFound(tribeRequestMessages.notFound);
  if (!mayActFor(viewerId, role, row.memberId)) throw new HttpError(403, "forbidden", tribeRequestMessages.notYours);
  const done = await db
    .update(tribeSupportRequests)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(tribeSupportRequests.id, requestId), isNull(tribeSupportRequests.withdrawnAt)))
    .returning({ id: tribeSupportRequests.id });
  if (done.length === 0) throw notFound(tribeRequestMessages.notFound);
  await tellCancelled(ctx, await cancelTribeSupports(db, { requestId }));
}
