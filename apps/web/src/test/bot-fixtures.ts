// Bots as the server answers them (GET /api/dsbot, /api/dsbot/:id).
import type { Dsbot } from "@dsbot/protocol";

export function makeBot(overrides: Partial<Dsbot> & { id: number }): Dsbot {
  return {
    status: "offline",
    dsPlayer: { name: `Spieler ${overrides.id}` },
    world: { server: "die-staemme.de", world: "de230" },
    ownerId: 1,
    notes: "",
    websocketConnections: [],
    modules: [
      { name: "timer", enabled: true },
      { name: "builder", enabled: false },
    ],
    createdAt: "2025-03-01T09:30:00.000Z",
    updatedAt: "2025-03-02T18:45:00.000Z",
    ...overrides,
  };
}

export const botKalle = makeBot({
  id: 1,
  status: "offline",
  dsPlayer: { name: "Kalle" },
  websocketConnections: [{ id: 11, origin: "bot-user", runnerName: "Desktop" }],
});

export const botOnline = makeBot({
  id: 2,
  status: "online",
  dsPlayer: { name: "Berta" },
  websocketConnections: [
    { id: 21, origin: "bot-user", runnerName: "Desktop" },
    { id: 22, origin: "bot", runnerName: "Desktop" },
  ],
});

export const botNoRunner = makeBot({ id: 3, status: null, dsPlayer: { name: "Otto" } });
