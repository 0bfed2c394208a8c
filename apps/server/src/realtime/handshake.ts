// socket.io handshake (PRODUCT §2, §4): first the Origin header, then the token for the claimed origin.
import type { SocketAuth, SocketOrigin } from "@dsbot/protocol";
import { socketAuthSchema, socketErrors } from "@dsbot/protocol";
import type { Socket } from "socket.io";
import type { Database } from "../db/client.js";
import type { UserRow } from "../db/schema.js";
import { checkToken } from "../modules/auth/sessions.service.js";

/** What an accepted socket carries in `socket.data`. */
export interface SocketData {
  origin: SocketOrigin;
  user: UserRow;
  /** The web session behind a website socket (revoking it disconnects the socket). */
  sessionId: number | null;
}

export type Authenticated = Omit<SocketData, "origin">;

/** One authenticator per socket origin; bots and runners plug in here when their tokens exist. */
export type SocketAuthenticator = (auth: SocketAuth) => Promise<Authenticated | null>;

export function websiteAuthenticator(db: Database): SocketAuthenticator {
  return async (auth) => {
    const result = await checkToken(db, auth.token);
    return result.ok ? { user: result.user, sessionId: result.session.id } : null;
  };
}

/** Runner ("bot-user") and bot tokens do not exist yet, so those origins are refused for now. */
const refuse: SocketAuthenticator = async () => null;

export function defaultAuthenticators(db: Database): Record<SocketOrigin, SocketAuthenticator> {
  return { website: websiteAuthenticator(db), "bot-user": refuse, bot: refuse };
}

/**
 * Browsers always send Origin; it must be an allowed origin or this server itself. Clients without
 * Origin (runners, bots) are not browsers, so no other site can ride on a user's token through them.
 */
export function isOriginAllowed(origin: string | undefined, hosts: (string | undefined)[], allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  return hosts.some((host) => !!host && (origin === `http://${host}` || origin === `https://${host}`));
}

/** The Host the browser used; behind a trusted proxy that is X-Forwarded-Host. */
function requestHosts(headers: Record<string, string | string[] | undefined>, trustProxy: boolean): (string | undefined)[] {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
  return trustProxy ? [first(headers.host), first(headers["x-forwarded-host"])] : [first(headers.host)];
}

export function handshakeMiddleware(
  allowedOrigins: readonly string[],
  trustProxy: boolean,
  authenticators: Record<SocketOrigin, SocketAuthenticator>,
  onError: (error: unknown) => void,
) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    const { headers } = socket.handshake;
    if (!isOriginAllowed(headers.origin, requestHosts(headers, trustProxy), allowedOrigins)) {
      next(new Error(socketErrors.originNotAllowed));
      return;
    }
    const parsed = socketAuthSchema.safeParse(socket.handshake.auth);
    if (!parsed.success) {
      next(new Error(socketErrors.unauthorized));
      return;
    }
    const auth = parsed.data;
    authenticators[auth.origin](auth)
      .then((result) => {
        if (!result) return next(new Error(socketErrors.unauthorized));
        const data: SocketData = { origin: auth.origin, ...result };
        socket.data = data;
        next();
      })
      .catch((error: unknown) => {
        onError(error);
        next(new Error(socketErrors.unauthorized));
      });
  };
}
