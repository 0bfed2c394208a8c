// GET /api/userscript/overview: read-only, for the userscript in the player's game tab. It
// authenticates with a token from the device flow (a runner-style token): the script's own
// (scope "userscript", which opens no socket) or a runner's, kept in the script's own storage; a web
// session token is taken too (it could read all this anyway).
// Revoking the token on Dsbot Auth cuts the script off at its next call.
import type { UserscriptOverviewResponse } from "@dsbot/protocol";
import { userscriptOverviewQuerySchema, userscriptRoutes as routes } from "@dsbot/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import type { Database } from "../../db/client.js";
import type { UserRow } from "../../db/schema.js";
import { contract } from "../../http/contract.js";
import { unauthorized } from "../../http/errors.js";
import { authenticate, bearerToken, caller, checkRunnerToken } from "../auth/index.js";
import { userscriptOverview } from "./userscript.service.js";

const overview = contract({ query: userscriptOverviewQuerySchema });

/** The user each authenticated request acts for (set by the onRequest hook). */
const users = new WeakMap<FastifyRequest, UserRow>();

/** onRequest: a live runner token, else a live web session; 401 otherwise. */
function authenticateRunnerOrSession(db: Database) {
  const session = authenticate(db);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const runner = token ? await checkRunnerToken(db, token) : undefined;
    if (runner) {
      users.set(request, runner.user);
      return;
    }
    await session(request);
    users.set(request, caller(request).user);
  };
}

function scriptUser(request: FastifyRequest): UserRow {
  const user = users.get(request);
  if (!user) throw unauthorized();
  return user;
}

export function userscriptRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticateRunnerOrSession(ctx.db));

    app.get(routes.overview.path, { config: overview.config }, async (request): Promise<UserscriptOverviewResponse> => {
      return userscriptOverview(ctx.db, scriptUser(request), overview.query(request));
    });
  };
}
