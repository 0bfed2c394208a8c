// Answers of the bot REST calls that packages/protocol does not type yet.
// TODO: move these into packages/protocol/src/bots.ts once the protocol branch lands.
import type { BotLog, BotPermission, BotStatus, Dsbot, WebsocketConnection } from "@dsbot/protocol";

export type BotSortField = "player" | "status" | "createdAt" | "updatedAt";
export type BotSortBy = BotSortField | `-${BotSortField}`;

export interface BotListParams {
  activePage: number;
  perPage: number;
  searchVal: string;
  sortBy: BotSortBy;
  statusFilter: BotStatus[];
}

export interface BotListResponse {
  dsbots: Dsbot[];
  totals: number;
}

export interface BotDetailResponse {
  dsbot: Dsbot;
}

export interface BotConnectionsResponse {
  websocketConnections: WebsocketConnection[];
}

/** A bot-user connection of the caller's runners (GET /api/websocket-connections). */
export type RunnerConnection = WebsocketConnection;

export interface RunnerConnectionsResponse {
  websocketConnections: RunnerConnection[];
}

export interface BotLogsResponse {
  logs: BotLog[];
  totals: number;
}

export interface BotPermissionsResponse {
  permissions: BotPermission[];
}

export type BotAction = "start" | "stop" | "force-stop" | "pause" | "resume" | "protection-solved";
