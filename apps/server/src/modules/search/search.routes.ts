// POST /api/search: body { searchVal } → { dsbots, attackPlans, downloads }.
import type { SearchResponse } from "@dsbot/protocol";
import { searchRequestSchema, searchRoutes as routes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { search } from "./search.service.js";

const query = contract({ body: searchRequestSchema });

export function searchRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.post(routes.search.path, { config: query.config }, async (request): Promise<SearchResponse> => {
      const { searchVal } = query.body(request);
      return search(ctx.db, caller(request).user, searchVal);
    });
  };
}
