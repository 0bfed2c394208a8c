// POST /api/search (spec §7): body { searchVal } → { dsbots, attackPlans, downloads }.
import type { SearchResponse } from "@dsbot/protocol";
import { searchRequestSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../app-context.js";
import { parse } from "../../http/parse.js";
import { authenticate, caller } from "../auth/auth-context.js";
import { search } from "./search.service.js";

export function searchRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.post("/api/search", async (request): Promise<SearchResponse> => {
      const { searchVal } = parse(searchRequestSchema, request.body);
      return search(ctx.db, caller(request).user, searchVal);
    });
  };
}
