// GET /api/users/lookup?username= (any signed-in user): the one user with exactly this name, so a
// player can share a bot without seeing a user list. Exact matches only and rate-limited per caller,
// so it cannot be used to list or cheaply probe usernames.
import type { UserLookupResponse } from "@dsbot/protocol";
import { errorMessages, userLookupQuerySchema, userRoutes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { authenticate, caller, findUserByUsername } from "../auth/index.js";
import type { RateLimit } from "../limits/index.js";
import { hitRateLimit } from "../limits/index.js";

export const USER_LOOKUP_LIMIT: RateLimit = { name: "user-lookup", max: 30, windowMs: 60_000, message: errorMessages.tooManyRequests };

const lookup = contract({ query: userLookupQuerySchema });

export function userLookupRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(userRoutes.lookup.path, { config: lookup.config }, async (request): Promise<UserLookupResponse> => {
      const { username } = lookup.query(request);
      await hitRateLimit(ctx.db, USER_LOOKUP_LIMIT, String(caller(request).user.id));
      const user = await findUserByUsername(ctx.db, username);
      if (!user) throw notFound(errorMessages.userNotFound);
      return { user: { id: user.id, username: user.username } };
    });
  };
}
