// An incoming attack as the server answers it (GET /api/incomings and the tribe's board), for the tests:
// Kalle's village Alpha (500|500) attacked from 520|480, an hour from `now`.
import type { Incoming } from "@dsbot/protocol";

export function makeIncoming(id: number, overrides: Partial<Incoming> = {}, now = Date.now()): Incoming {
  return {
    id,
    source: "bot",
    dsbot: { id: 1, dsPlayer: { name: "Kalle" } },
    world: { server: "die-staemme.de", world: "de231" },
    origin: { villageId: 9, name: "Feindesland", coordinates: "520|480", player: { name: "Carla", tribe: "ZW" } },
    target: { villageId: 1, name: "Alpha", coordinates: "500|500", player: { name: "Kalle", tribe: null } },
    arrivalTime: now + 3_600_000,
    firstSeenAt: now - 60_000,
    distance: 28.28,
    likelyUnits: ["ram", "catapult"],
    otherUnits: [["snob"]],
    kind: "attack",
    kindReason: "Keine Hinweise auf Fake oder Adelung.",
    trainId: null,
    trainIndex: null,
    label: "Angriff",
    tag: null,
    ...overrides,
  };
}
