// What goes out: bot, connection and runner-facing rows → the protocol's shapes.
import type { BotConfig, Dsbot, RunnerBot, WebsocketConnection } from "@dsbot/protocol";
import { moduleNames } from "@dsbot/protocol";
import type { DsbotRow } from "../../db/schema.js";
import { readAllModules, readModule } from "./bot-modules.js";

export interface ConnectionView {
  id: number;
  origin: "bot" | "bot-user";
  dsbotId: number;
  runnerName: string | null;
  createdAt: Date;
}

export function presentConnection(row: ConnectionView): WebsocketConnection {
  return {
    id: row.id,
    origin: row.origin,
    dsbotId: row.dsbotId,
    runnerName: row.runnerName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentBot(row: DsbotRow, connections: ConnectionView[] = []): Dsbot {
  return {
    id: row.id,
    status: row.status,
    protectedSince: row.protectedSince?.toISOString() ?? null,
    dsPlayer: { name: row.playerName },
    world: { server: row.worldServer, world: row.worldWorld },
    ownerId: row.ownerId,
    notes: row.notes,
    websocketConnections: connections.map(presentConnection),
    modules: moduleNames.map((name) => ({ name, enabled: readModule(row.modules, name).enabled })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The small bot reference of botUpdateStatus: id, status and player name are all the web needs. */
export function presentBotRef(row: DsbotRow) {
  return { id: row.id, status: row.status, protectedSince: row.protectedSince?.toISOString() ?? null, dsPlayer: { name: row.playerName } };
}

export function presentRunnerBot(row: DsbotRow): RunnerBot {
  return {
    id: row.id,
    dsPlayer: { name: row.playerName },
    world: { server: row.worldServer, world: row.worldWorld },
    status: row.status,
  };
}

export function presentBotConfig(row: DsbotRow): BotConfig {
  const { dsPlayer, world, status } = presentRunnerBot(row);
  return { dsbotId: row.id, dsPlayer, world, status, modules: readAllModules(row.modules) };
}
