// socket.io handshake: first the Origin header, then the token for the claimed origin.
import type { SocketAuth, SocketOrigin } from "@dsbot/protocol";
import { socketAuthSchema, socketErrors } from "@dsbot/protocol";
import type { Socket } from "socket.io";
import type { Database } from "../db/client.js";
import { checkRunnerToken, checkToken } from "../modules/auth/index.js";
import type { Authenticated, SocketData } from "../platform/socket-types.js";
import { findVisibleBot } from "../policies/dsbots.policy.js";


/** Why a socket was refused, as the `connect_error` message. */
export interface Refusal {
  refused: string;
}

/** One authenticator per socket origin; null refuses as unauthorized. */
export type SocketAuthenticator = (auth: SocketAuth) => Promise<Authenticated | Refusal | null>;

export function websiteAuthenticator(db: Database): SocketAuthenticator {
  return async (auth) => {
    const result = await checkToken(db, auth.token);
    return result.ok ? { user: result.user, sessionId: result.session.id, runner: null, dsbotId: null } : null;
  };
}

/**
 * A runner authenticates with its runner token (from the device flow). A userscript's token (scope
 * `userscript`) reads the userscript's overview only: it lives in the game's page, so it opens no
 * runner or bot socket.
 */
export function runnerAuthenticator(db: Database): SocketAuthenticator {
  return async (auth) => {
    const found = await checkRunnerToken(db, auth.token);
    if (!found || found.runnerToken.scope !== "runner") return null;
    const runner = { tokenId: found.runnerToken.id, name: found.runnerToken.name };
    return { user: found.user, sessionId: null, runner, dsbotId: null };
  };
}

/** Statuses in which a bot socket is welcome: the dashboard started it and nobody stopped it. */
const botConnectableStatuses = new Set(["starting", "online", "paused"]);

/**
 * A bot uses its runner's token and names its bot, which the token's user must be able to see and
 * which must have been started from the dashboard: a stopped bot cannot simply reconnect itself. Only
 * the runner (token) that was told to start it may connect it (`dsbots.started_by_runner_token_id`):
 * another runner of someone who may see the bot would otherwise replace the live bot socket and
 * receive its config and templates.
 */
export function botAuthenticator(db: Database): SocketAuthenticator {
  const runner = runnerAuthenticator(db);
  return async (auth) => {
    if (auth.dsbotId === undefined) return null;
    const result = await runner(auth);
    if (!result || "refused" in result) return result;
    const bot = await findVisibleBot(db, result.user, auth.dsbotId);
    if (!bot) return null;
    if (!botConnectableStatuses.has(bot.status ?? "offline")) return { refused: socketErrors.botNotStartable };
    if (bot.startedByRunnerTokenId !== result.runner?.tokenId) return { refused: socketErrors.botOtherRunner };
    return { ...result, dsbotId: bot.id };
  };
}

export function defaultAuthenticators(db: Database): Record<SocketOrigin, SocketAuthenticator> {
  return { website: websiteAuthenticator(db), "bot-user": runnerAuthenticator(db), bot: botAuthenticator(db) };
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
        if ("refused" in result) return next(new Error(result.refused));
        const { id, username, role } = result.user;
        const data: SocketData = { origin: auth.origin, ...result, user: { id, username, role } };
        socket.data = data;
        next();
      })
      .catch((error: unknown) => {
        onError(error);
        next(new Error(socketErrors.unauthorized));
      });
  };
}
