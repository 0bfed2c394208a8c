// Unterstützung anfordern as the server answers it, for the tests: one open request, and the request the
// server makes of a board row and a POST body.
import type { TribeDefenceSupport, TribeIncoming, TribeRequestCreate, TribeSupportRequest } from "@dsbot/protocol";

export function makeTribeRequest(id: number, overrides: Partial<TribeSupportRequest> = {}): TribeSupportRequest {
  const attackArrival = Date.now() + 3_600_000;
  return {
    id,
    tribeId: 5,
    member: { userId: 3, username: "anna" },
    requestedBy: "anna",
    village: { id: 1, name: "Annas Burg", x: 500, y: 500, coordinates: "500|500" },
    incomingId: 1,
    trainId: null,
    attackArrival,
    neededBy: attackArrival - 60_000,
    need: { kind: "population", population: 2000 },
    helpers: 2,
    createdAt: new Date().toISOString(),
    supports: [],
    closed: false,
    ...overrides,
  };
}

/** What POST /api/tribes/:id/requests makes of `body` for the board row `incoming`, asked by `username`. */
export function requestFrom(id: number, incoming: TribeIncoming, body: TribeRequestCreate, username: string): TribeSupportRequest {
  const [x, y] = incoming.target.coordinates.split("|").map(Number) as [number, number];
  return makeTribeRequest(id, {
    member: incoming.member,
    requestedBy: username,
    village: { id: incoming.target.villageId, name: incoming.target.name, x, y, coordinates: incoming.target.coordinates },
    incomingId: incoming.id,
    trainId: incoming.trainId,
    attackArrival: incoming.arrivalTime,
    neededBy: incoming.arrivalTime - body.marginSeconds * 1000,
    need: body.need,
    helpers: 0,
  });
}

/** A support planned for a request (Verteidigung planen), from bert's Gamma unless overridden. */
export function makeSupport(id: number | null, overrides: Partial<TribeDefenceSupport> = {}): TribeDefenceSupport {
  const sendAt = Date.now() + 600_000;
  return {
    id,
    planId: id === null ? null : 40,
    member: { userId: 4, username: "bert" },
    source: { id: 4, name: "Gamma", coordinates: "510|490" },
    units: { spear: 1000, sword: 200 },
    unit: "sword",
    sendAt,
    arrivalAt: sendAt + 1_800_000,
    status: "planned",
    realArrivalAt: null,
    seenInVillageAt: null,
    error: null,
    ...overrides,
  };
}
