// The socket.io contract: handshake auth and the `message` event to the website (PRODUCT §4).
import { z } from "zod";

export const socketOrigins = ["website", "bot-user", "bot"] as const;
export type SocketOrigin = (typeof socketOrigins)[number];

export const socketAuthSchema = z.object({
  token: z.string().min(1).max(500),
  origin: z.enum(socketOrigins),
  dsbotId: z.coerce.number().int().positive().optional(),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** Error messages the handshake answers with (`connect_error` on the client). */
export const socketErrors = {
  originNotAllowed: "origin_not_allowed",
  unauthorized: "unauthorized",
} as const;

export const realtimeMessageTypes = [
  "botUpdateStatus",
  "botUpdateCommandStatus",
  "botUpdateAttackError",
  "addTabRequest",
  "notification-created",
  "bot-user-connection-created",
  "bot-user-connection-deleted",
  "bot-connection-created",
  "bot-connection-deleted",
] as const;
export type RealtimeMessageType = (typeof realtimeMessageTypes)[number];

/** What the server emits as `message`; payloads are typed per feature as they land. */
export interface RealtimeMessage {
  type: RealtimeMessageType | (string & {});
  data: unknown;
}

export interface ServerToClientEvents {
  message: (message: RealtimeMessage | "[]") => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the website only listens for now
export interface ClientToServerEvents {}

/** Socket.io client settings of spec §9. */
export const realtimeClientOptions = {
  transports: ["websocket"],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;
