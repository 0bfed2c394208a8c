// The security matrix's rows of Der Stamm (modules/tribes): members see their tribe, admins every
// tribe, only the Anführer (the fixture's owner) manages it; a member's own routes are for members only.
import { tribeMembers, tribes } from "../../src/db/schema.js";
import { createInvite } from "../../src/modules/tribes/tribe-invites.service.js";
import type { MatrixRow } from "./matrix.js";
import { perObject, route } from "./matrix.js";

let joinWorlds = 0;

export const tribeRows: MatrixRow[] = [
  route({ method: "GET", url: "/api/tribes", access: "user", ok: 200, request: () => ({}) }),
  // A fresh user each time: one tribe per user and world.
  route({ method: "POST", url: "/api/tribes", access: "user", ok: 201, caller: "fresh-user", request: (t) => ({ body: { name: t.world.marker(), tag: t.world.marker() } }) }),
  route({
    method: "POST",
    url: "/api/tribes/join",
    access: "user",
    ok: 200,
    caller: "fresh-user",
    async request(t) {
      joinWorlds += 1;
      const place = { worldServer: "die-staemme.de", worldWorld: `mj${joinWorlds}` };
      const { db } = t.world.app;
      const [tribe] = await db.insert(tribes).values({ ...place, name: t.world.marker(), tag: "J", tagKey: "j" }).returning({ id: tribes.id });
      if (!tribe) throw new Error("no tribe");
      await db.insert(tribeMembers).values({ tribeId: tribe.id, userId: t.world.third.id, ...place, role: "leader" });
      const { code } = await createInvite(db, tribe.id, t.world.third.id, { expiresInHours: 1, maxUses: 1 });
      return { body: { code } };
    },
  }),
  perObject("tribe", { method: "GET", url: "/api/tribes/:id", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  // Stammes-Eingänge: what the members share, for members (and admins).
  perObject("tribe", { method: "GET", url: "/api/tribes/:id/incomings", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id }, query: { kind: "noble" } }) }),
  // Unterstützung anfordern: members see the requests; the attacked member or a lead asks and withdraws
  // (the grantee is neither for the other member's village: 403); admins who are not members get 404.
  perObject("tribe", { method: "GET", url: "/api/tribes/:id/requests", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("tribe", {
    method: "POST",
    url: "/api/tribes/:id/requests",
    access: "see",
    ok: 201,
    fresh: true,
    expect: { admin: 404, grantee: 403 },
    request: (t) => ({ params: { id: t.fixture.id }, body: { incomingId: t.fixture.incomingId, marginSeconds: 60, need: { kind: "population", population: 500 } } }),
  }),
  perObject("tribe", {
    method: "DELETE",
    url: "/api/tribes/:id/requests/:requestId",
    access: "see",
    ok: 204,
    fresh: true,
    expect: { admin: 404, grantee: 403 },
    request: (t) => ({ params: { id: t.fixture.id, requestId: t.fixture.requestId } }),
  }),
  // Verteidigung planen: a Koordinator or the Anführer (the grantee is a plain member: 403); admins who
  // are not members get 404.
  perObject("tribe", {
    method: "POST",
    url: "/api/tribes/:id/requests/:requestId/plan",
    access: "see",
    ok: 200,
    expect: { admin: 404, grantee: 403 },
    request: (t) => ({ params: { id: t.fixture.id, requestId: t.fixture.requestId }, body: { save: false } }),
  }),
  perObject("tribe", { method: "PATCH", url: "/api/tribes/:id", access: "manage", ok: 200, request: (t) => ({ params: { id: t.fixture.id }, body: { name: t.world.marker() } }) }),
  perObject("tribe", { method: "DELETE", url: "/api/tribes/:id", access: "manage", ok: 204, fresh: true, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("tribe", { method: "GET", url: "/api/tribes/:id/invites", access: "manage", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("tribe", {
    method: "POST",
    url: "/api/tribes/:id/invites",
    access: "manage",
    ok: 201,
    request: (t) => ({ params: { id: t.fixture.id }, body: { expiresInHours: 1, maxUses: 1 } }),
  }),
  perObject("tribe", {
    method: "DELETE",
    url: "/api/tribes/:id/invites/:inviteId",
    access: "manage",
    ok: 204,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id, inviteId: t.fixture.inviteId } }),
  }),
  // A member's own choices: admins who are not members get 404.
  perObject("tribe", {
    method: "PATCH",
    url: "/api/tribes/:id/me",
    access: "see",
    ok: 200,
    expect: { admin: 404 },
    request: (t) => ({ params: { id: t.fixture.id }, body: { troopSharing: "all" } }),
  }),
  // The Anführer hands over before leaving (409).
  perObject("tribe", {
    method: "POST",
    url: "/api/tribes/:id/leave",
    access: "see",
    ok: 204,
    fresh: true,
    expect: { admin: 404, owner: 409 },
    request: (t) => ({ params: { id: t.fixture.id } }),
  }),
  perObject("tribe", {
    method: "PATCH",
    url: "/api/tribes/:id/members/:userId",
    access: "manage",
    ok: 200,
    request: (t) => ({ params: { id: t.fixture.id, userId: t.fixture.memberId }, body: { role: "coordinator" } }),
  }),
  perObject("tribe", {
    method: "DELETE",
    url: "/api/tribes/:id/members/:userId",
    access: "manage",
    ok: 200,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id, userId: t.fixture.memberId } }),
  }),
  perObject("tribe", {
    method: "POST",
    url: "/api/tribes/:id/leader",
    access: "manage",
    ok: 200,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id }, body: { userId: t.fixture.memberId } }),
  }),
];
