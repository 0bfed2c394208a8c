// Outgoing realtime traffic: website messages to one user or to a bot's audience (computed at emit
// time through the bot policy), runner commands, and config/control pushes to bot sockets.
import type {
  BotConfig,
  BotControl,
  BotModuleConfig,
  ClientToServerEvents,
  RealtimeMessage,
  RunnerCommand,
  ServerToClientEvents,
} from "@dsbot/protocol";
import type { Server } from "socket.io";
import type { Database } from "../db/client.js";
import { audienceOf } from "../modules/dsbots/dsbots.policy.js";
import { botRoom, runnerRoom, userRoom } from "./rooms.js";

export interface Notifier {
  /** `message` to the website sockets of one user. */
  toUser(userId: number, message: RealtimeMessage): void;
  /** `message` to the website sockets of every user who may see the bot right now. */
  toBotAudience(dsbotId: number, message: RealtimeMessage): Promise<void>;
  /** `runner:command` to runner sockets, by socket id and/or runner token. */
  runnerCommand(target: { socketIds?: string[]; runnerTokenIds?: number[] }, command: RunnerCommand): void;
  botControl(dsbotId: number, control: BotControl): void;
  botModuleConfig(dsbotId: number, update: BotModuleConfig): void;
  botConfig(socketId: string, config: BotConfig): void;
  /** Which of these runner tokens have a runner socket connected now. */
  connectedRunners(runnerTokenIds: number[]): Promise<Set<number>>;
}

type Io = Server<ClientToServerEvents, ServerToClientEvents>;

export function createNotifier(io: Io, db: Database): Notifier {
  return {
    toUser(userId, message) {
      io.to(userRoom(userId)).emit("message", message);
    },
    async toBotAudience(dsbotId, message) {
      const userIds = await audienceOf(db, dsbotId);
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit("message", message);
    },
    runnerCommand({ socketIds = [], runnerTokenIds = [] }, command) {
      const rooms = [...socketIds, ...runnerTokenIds.map(runnerRoom)];
      if (rooms.length > 0) io.to(rooms).emit("runner:command", command);
    },
    botControl(dsbotId, control) {
      io.to(botRoom(dsbotId)).emit("bot:control", control);
    },
    botModuleConfig(dsbotId, update) {
      io.to(botRoom(dsbotId)).emit("bot:module-config", update);
    },
    botConfig(socketId, config) {
      io.to(socketId).emit("bot:config", config);
    },
    async connectedRunners(runnerTokenIds) {
      const found = await Promise.all(
        runnerTokenIds.map(async (id) => ((await io.in(runnerRoom(id)).fetchSockets()).length > 0 ? id : null)),
      );
      return new Set(found.filter((id): id is number => id !== null));
    },
  };
}
