// Users as the server answers them.
import type { User } from "@dsbot/protocol";

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
