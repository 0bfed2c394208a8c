// /api/ds-player-skills through the real app: the players of the caller's own and granted bots plus
// saved ones, case-insensitive per world, validated levels, a per-user cap, never another user's.
import type { PlayerSkillsEntry } from "@dsbot/protocol";
import { emptyPlayerSkillLevels, errorMessages, PLAYER_SKILLS_MAX_PLAYERS, playerSkillsListResponseSchema, supportBoost } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPlanWorld, PLAN_WORLD } from "../../../test/attack-plans.js";
import { createBot } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { createTestApp } from "../../../test/test-app.js";
import { playerSkills } from "../../db/schema.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const de230 = { server: "die-staemme.de", world: "de230" };

async function signedIn() {
  const user = await createUser(app);
  return { user, token: await loginAs(app, user) };
}

async function list(token: string): Promise<PlayerSkillsEntry[]> {
  const response = await app.fastify.inject({ method: "GET", url: "/api/ds-player-skills", headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return playerSkillsListResponseSchema.parse(response.json()).players;
}

const save = (token: string, body: unknown) => app.fastify.inject({ method: "PUT", url: "/api/ds-player-skills", headers: bearer(token), payload: body as object });
const remove = (token: string, body: unknown) => app.fastify.inject({ method: "DELETE", url: "/api/ds-player-skills", headers: bearer(token), payload: body as object });

describe("player skills", () => {
  it("lists the players of own and granted bots with zero levels until saved, then the saved levels", async () => {
    const owner = await signedIn();
    const grantee = await signedIn();
    await createBot(app, owner.token, { name: "Kalle" });
    const shared = await createBot(app, owner.token, { name: "Zora", world: "de231" });
    const grant = await app.fastify.inject({
      method: "POST",
      url: `/api/dsbot/${shared.id}/permission/user/${grantee.user.id}`,
      headers: bearer(owner.token),
    });
    expect(grant.statusCode, grant.body).toBeLessThan(300);

    expect((await list(owner.token)).map((p) => [p.playerName, p.world.world, p.fromBot, p.saved])).toEqual([
      ["Kalle", "de230", true, false],
      ["Zora", "de231", true, false],
    ]);
    expect((await list(grantee.token)).map((p) => p.playerName)).toEqual(["Zora"]);

    const skills = { ...emptyPlayerSkillLevels, freundschaft: 12, wehrpflicht: 3 };
    const saved = await save(owner.token, { playerName: "KALLE", world: de230, skills });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ player: { playerName: "KALLE", fromBot: true, saved: true, skills } });
    // One player, whatever the case: the bot's entry now carries the saved levels.
    const after = await list(owner.token);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ fromBot: true, saved: true, skills });
    expect(supportBoost(after[0]?.skills ?? emptyPlayerSkillLevels)).toBeCloseTo(0.12);
    // The grantee sees none of the owner's saved skills.
    expect((await list(grantee.token)).every((p) => !p.saved)).toBe(true);
  });

  it("adds a player by name, replaces its levels and removes it again", async () => {
    const { token } = await signedIn();
    expect((await save(token, { playerName: "  Fremder Spieler ", world: de230, skills: emptyPlayerSkillLevels })).statusCode).toBe(200);
    expect(await list(token)).toEqual([expect.objectContaining({ playerName: "Fremder Spieler", fromBot: false, saved: true })]);
    await save(token, { playerName: "fremder spieler", world: de230, skills: { ...emptyPlayerSkillLevels, vorhut: 5 } });
    const [entry] = await list(token);
    expect(entry?.skills.vorhut).toBe(5);
    expect((await remove(token, { playerName: "FREMDER SPIELER", world: de230 })).statusCode).toBe(204);
    expect(await list(token)).toEqual([]);
    const again = await remove(token, { playerName: "Fremder Spieler", world: de230 });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: { message: errorMessages.playerSkillsNotFound } });
  });

  it("on a world with data, takes only its players (spelled as the world spells them) and refuses others in German", async () => {
    await importPlanWorld(app);
    const { token } = await signedIn();
    const saved = await save(token, { playerName: "anna", world: PLAN_WORLD, skills: emptyPlayerSkillLevels });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ player: { playerName: "Anna" } });
    const refused = await save(token, { playerName: "Niemand", world: PLAN_WORLD, skills: emptyPlayerSkillLevels });
    expect(refused.statusCode).toBe(400);
    const message = errorMessages.playerSkillsUnknownPlayer("Niemand", "DE950");
    expect(refused.json()).toMatchObject({ error: { message, issues: [{ path: "playerName", message }] } });
    expect((await list(token)).map((p) => p.playerName)).toEqual(["Anna"]);
  });

  it("refuses levels out of range with German messages and stores nothing", async () => {
    const { token } = await signedIn();
    for (const [skills, message] of [
      [{ ...emptyPlayerSkillLevels, freundschaft: 21 }, "Höchstens 20."],
      [{ ...emptyPlayerSkillLevels, vorhut: -1 }, "Der Wert darf nicht negativ sein."],
      [{ ...emptyPlayerSkillLevels, technokratie: 1.5 }, "Bitte eine ganze Zahl eingeben."],
    ] as const) {
      const response = await save(token, { playerName: "X", world: de230, skills });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await save(token, { playerName: "", world: de230, skills: emptyPlayerSkillLevels })).statusCode).toBe(400);
    expect((await save(token, { playerName: "X", world: { server: "x", world: "de230" }, skills: emptyPlayerSkillLevels })).statusCode).toBe(400);
    expect(await list(token)).toEqual([]);
  });

  it("keeps at most the cap of players per user", async () => {
    const { user, token } = await signedIn();
    await app.db.insert(playerSkills).values(
      Array.from({ length: PLAYER_SKILLS_MAX_PLAYERS }, (_, i) => ({
        userId: user.id,
        worldServer: "die-staemme.de",
        worldWorld: "de230",
        playerName: `P${i}`,
        playerNameKey: `p${i}`,
        skills: emptyPlayerSkillLevels,
      })),
    );
    const over = await save(token, { playerName: "Noch einer", world: de230, skills: emptyPlayerSkillLevels });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { message: errorMessages.playerSkillsLimit } });
    // Updating an existing one still works at the cap.
    expect((await save(token, { playerName: "p7", world: de230, skills: { ...emptyPlayerSkillLevels, freundschaft: 1 } })).statusCode).toBe(200);
  });

  it("lists an admin's own bots' players only, not every bot on the server", async () => {
    const other = await signedIn();
    await createBot(app, other.token, { name: "NichtVomAdmin" });
    const admin = await loginAdmin(app);
    expect((await list(admin)).map((p) => p.playerName)).not.toContain("NichtVomAdmin");
  });
});
