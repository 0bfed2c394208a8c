// Plans and attacks as the server answers them (GET /api/attack-plans, …/attacks), for the tests.
import type { Attack, AttackPlan, AttackVillage } from "@dsbot/protocol";

export function makePlan(overrides: Partial<AttackPlan> & { id: number }): AttackPlan {
  return {
    name: `Plan ${overrides.id}`,
    world: { server: "die-staemme.de", world: "de230" },
    timeZone: "Europe/Berlin",
    ownerId: 1,
    ownerName: "admin",
    access: "owner",
    counts: { planned: 0, due: 0, sent: 0, failed: 0, expired: 0, cancelled: 0 },
    total: 0,
    nextSendTime: null,
    createdAt: "2025-03-01T09:30:00.000Z",
    updatedAt: "2025-03-02T18:45:00.000Z",
    ...overrides,
  };
}

export function village(id: number, coordinates: string, player: AttackVillage["player"] = null): AttackVillage {
  return { id, name: `Dorf ${id}`, coordinates, player };
}

export function makeAttack(overrides: Partial<Attack> & { id: number }): Attack {
  return {
    planId: 7,
    startVillage: village(100 + overrides.id, `500|${500 + overrides.id}`, { id: 11, name: "Kalle" }),
    targetVillage: village(200 + overrides.id, `510|${510 + overrides.id}`, { id: 22, name: "Gegner" }),
    type: "attack",
    units: { axe: 100, ram: 10 },
    unit: "ram",
    sendTime: Date.now() + 3_600_000,
    arrivalTime: Date.now() + 7_200_000,
    priority: 3,
    status: "planned",
    error: null,
    dsbotId: null,
    realArrivalTime: null,
    updatedAt: "2025-03-02T18:45:00.000Z",
    ...overrides,
  };
}

export const planOffensive = makePlan({
  id: 7,
  name: "Offensive K55",
  counts: { planned: 3, due: 1, sent: 2, failed: 1, expired: 0, cancelled: 0 },
  total: 7,
  nextSendTime: Date.now() + 3_600_000,
});
