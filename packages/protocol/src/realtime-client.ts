// What a socket.io client needs of the realtime contract at run time, without zod (the web app loads
// it with its first page): the handshake's error messages and the client settings. realtime.ts
// re-exports both.

/** Error messages the handshake answers with (`connect_error` on the client). */
export const socketErrors = {
  originNotAllowed: "origin_not_allowed",
  unauthorized: "unauthorized",
  /** A bot socket for a bot that was not started (or was stopped) from the dashboard. */
  botNotStartable: "bot_not_startable",
  /** A bot socket from another runner than the one told to start the bot (its socket is not taken over). */
  botOtherRunner: "bot_other_runner",
} as const;

/** The largest message the server takes (socket.io's `maxHttpBufferSize`): a bigger one drops the socket. */
export const SOCKET_MESSAGE_MAX_BYTES = 1024 * 1024;

/**
 * The `message` types the server sends (realtime.ts `realtimeMessageDataSchemas`, checked equal by a
 * test): a page ignores the known ones it shows nothing of, and warns only of others.
 */
export const realtimeMessageTypeNames = [
  "botUpdateStatus",
  "botUpdateCommandStatus",
  "botUpdateAttackError",
  "addTabRequest",
  "attacks-updated",
  "incomings-updated",
  "troops-updated",
  "bot-usage",
  "bot-logs-updated",
  "notification-created",
  "bot-user-connection-created",
  "bot-user-connection-deleted",
  "bot-connection-created",
  "bot-connection-deleted",
  "tribe-updated",
  "tribe-board-updated",
  "tribe-members-updated",
] as const;

/** Socket.io client settings. */
export const realtimeClientOptions = {
  transports: ["websocket"],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;
