// Users and a world as the server answers them.
import type { User, WorldSummary } from "@dsbot/protocol";

export const adminUser: User = {
  id: 1,
  username: "admin",
  role: "admin",
  isAdmin: true,
  world: { server: "die-staemme.de", world: "de230" },
  timeZone: "Europe/Berlin",
  createdAt: "2025-01-02T10:15:00.000Z",
};

export const plainUser: User = {
  id: 2,
  username: "demo",
  role: "user",
  isAdmin: false,
  world: { server: "die-staemme.de", world: "de231" },
  timeZone: "Europe/Berlin",
  createdAt: "2025-02-03T08:00:00.000Z",
};

/** A known world with map data (plainUser's, de231), no config and no unit info unless given. */
export function worldSummary(over: Partial<WorldSummary> = {}): WorldSummary {
  return {
    id: 4,
    server: plainUser.world.server,
    world: plainUser.world.world,
    villages: 10,
    players: 2,
    allies: 0,
    dataVersion: 2,
    lastImportAt: "2025-03-01T10:00:00.000Z",
    lastSyncAt: null,
    lastSyncError: null,
    syncEnabled: false,
    syncing: false,
    timeZone: "Europe/Berlin",
    timeZoneDefault: "Europe/Berlin",
    config: null,
    units: null,
    ...over,
  };
}
