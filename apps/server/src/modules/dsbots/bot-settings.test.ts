// PATCH /api/dsbot/{id}: a bot's general settings (player, world, notes) with validation; player and
// world only while the bot is not running.
import { botLogListResponseSchema, botResponseSchema, errorMessages, validationMessages } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { createBot, runningBot } from "../../../test/bots.js";
import { bearer, createUser, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const patch = (token: string, id: number, payload: unknown) =>
  app.fastify.inject({ method: "PATCH", url: `/api/dsbot/${id}`, headers: bearer(token), payload: payload as object });

async function owner() {
  const user = await createUser(app);
  return loginAs(app, user);
}

describe("PATCH /api/dsbot/:id", () => {
  it("changes player, world and notes, answers the bot and logs which settings changed", async () => {
    const token = await owner();
    const bot = await createBot(app, token, { name: "Alt" });
    const response = await patch(token, bot.id, {
      dsPlayer: { name: "  Neu  " },
      world: { server: "Die-Staemme.de", world: "DE231" },
      notes: "Farmt nachts nicht.",
    });
    expect(response.statusCode).toBe(200);
    const { dsbot } = botResponseSchema.parse(response.json());
    expect(dsbot).toMatchObject({ dsPlayer: { name: "Neu" }, world: { server: "die-staemme.de", world: "de231" }, notes: "Farmt nachts nicht." });
    const again = botResponseSchema.parse((await app.fastify.inject({ method: "GET", url: `/api/dsbot/${bot.id}`, headers: bearer(token) })).json());
    expect(again.dsbot.notes).toBe("Farmt nachts nicht.");
    const logs = botLogListResponseSchema.parse((await app.fastify.inject({ method: "GET", url: `/api/dsbot/${bot.id}/logs`, headers: bearer(token) })).json());
    expect(logs.logs[0]?.message).toBe("Allgemeine Einstellungen geändert: Spieler, Welt, Notizen");
  });

  it("answers German messages for bad input and changes nothing", async () => {
    const token = await owner();
    const bot = await createBot(app, token, { name: "Bleibt" });
    const cases: [unknown, string][] = [
      [{}, validationMessages.nothingToChange],
      [{ dsPlayer: { name: "   " } }, validationMessages.required],
      [{ dsPlayer: { name: "x".repeat(25) } }, validationMessages.tooLong(24)],
      [{ notes: "n".repeat(2001) }, validationMessages.tooLong(2000)],
      [{ world: { server: "kein server", world: "de230" } }, "Ungültiger Server, z. B. die-staemme.de"],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(token, bot.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(message);
    }
    const unchanged = botResponseSchema.parse((await app.fastify.inject({ method: "GET", url: `/api/dsbot/${bot.id}`, headers: bearer(token) })).json());
    expect(unchanged.dsbot).toMatchObject({ dsPlayer: { name: "Bleibt" }, notes: "" });
  });

  it("refuses a new player or world while the bot runs (409), but takes notes", async () => {
    const token = await owner();
    const { bot } = await runningBot(app, url, token, sockets, "Läuft");
    const renamed = await patch(token, bot.id, { dsPlayer: { name: "Anders" } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ error: { code: "conflict", message: errorMessages.botRunningSettings } });
    const moved = await patch(token, bot.id, { world: { server: "die-staemme.de", world: "de999" }, notes: "mit Welt" });
    expect(moved.statusCode).toBe(409);
    const noted = await patch(token, bot.id, { notes: "läuft gerade" });
    expect(noted.statusCode).toBe(200);
    expect(botResponseSchema.parse(noted.json()).dsbot).toMatchObject({ status: "online", dsPlayer: { name: "Läuft" }, notes: "läuft gerade" });
  });
});
