// Test helpers of Der Stamm: users on the plan world who call the API, founding a tribe, inviting
// and joining with a code, and the game's SOS text the members paste.
import type { TribeInviteCreatedResponse, TribeResponse, World } from "@dsbot/protocol";
import { expect } from "vitest";
import { caller, PLAN_WORLD, type Call } from "./attack-plans.js";
import { createUser, loginAs } from "./factories.js";
import type { TestApp } from "./test-app.js";

/** A signed-in user and their calls to the API. */
export interface Person {
  id: number;
  token: string;
  call: Call;
}

export async function tribePerson(app: TestApp, world: World = PLAN_WORLD): Promise<Person> {
  const user = await createUser(app, { world });
  const token = await loginAs(app, user);
  return { id: user.id, token, call: caller(app, token) };
}

/** Founds a tribe on the person's world (201 expected); its detail as the founder sees it. */
export async function foundTribe(leader: Person, body: Record<string, unknown>): Promise<TribeResponse["tribe"]> {
  const response = await leader.call("POST", "/api/tribes", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TribeResponse>().tribe;
}

/** A new invitation code of the tribe (its leader asks; 201 expected). */
export async function inviteCode(leader: Person, tribeId: number, body: { expiresInHours: number; maxUses: number | null } = { expiresInHours: 24, maxUses: null }): Promise<string> {
  const response = await leader.call("POST", `/api/tribes/${tribeId}/invites`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TribeInviteCreatedResponse>().code;
}

/** Joins with a code; the answer's status. */
export async function joinTribe(p: Person, code: string): Promise<number> {
  return (await p.call("POST", "/api/tribes/join", { code })).statusCode;
}

/** An SOS text of the game for Alpha (500|500) of the plan world, attacked from `origin`, arriving at `arrival` (the world's clock). */
export function sosText(origin: string, arrival: string): string {
  return ["[b]Angegriffenes Dorf[/b]", "[coord]500|500[/coord]", "", "[b]1. Angriff[/b]", "Angreifer: [player]Carla 100%_x[/player]", `Herkunft: [coord]${origin}[/coord]`, `Ankunftszeit: ${arrival}`].join("\n");
}

/** Pastes an SOS text as the person (200 expected). */
export async function pasteSos(p: Person, text: string): Promise<void> {
  const response = await p.call("POST", "/api/incomings/import", { text });
  expect(response.statusCode, response.body).toBe(200);
}
