// The signed-in caller of a request, resolved from the bearer token by `authenticate`.
import type { FastifyRequest } from "fastify";
import type { UserRow } from "../../db/schema.js";
import type { Database } from "../../db/client.js";
import { forbidden, unauthorized } from "../../http/errors.js";
import type { SessionCache, SessionCheck } from "./session-cache.js";
import { checkToken } from "./sessions.service.js";

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** The app's session cache (app.ts); without one, every request asks the database. */
    sessionCache?: SessionCache;
  }
}


export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function checkWithoutCache(db: Database, token: string | undefined): Promise<SessionCheck> {
  const result = await checkToken(db, token);
  return result.ok ? { ok: true, user: result.user, sessionId: result.session.id } : result;
}

/**
 * onRequest hook for every protected route: 401 unless the token belongs to a live session. Asks
 * the app's session cache, which answers from memory in the steady state.
 */
export function authenticate(db: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const cache = request.server.sessionCache;
    const result = cache ? await cache.check(token) : await checkWithoutCache(db, token);
    if (!result.ok) throw unauthorized(result.message);
    request.auth = { user: result.user, sessionId: result.sessionId };
  };
}

/** The caller of a route behind `authenticate`. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** onRequest hook after `authenticate`: admins only. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (caller(request).user.role !== "admin") throw forbidden();
}
