// /api/ds-player-skills: the caller's players with their tribe skills; always scoped to
// the caller (nobody reads or writes another user's skills).
import type { PlayerSkillsListResponse, PlayerSkillsSaveResponse } from "@dsbot/protocol";
import { playerSkillRoutes, playerSkillsDeleteSchema, playerSkillsSaveSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { deletePlayerSkills, listPlayerSkills, savePlayerSkills } from "./player-skills.service.js";

const list = contract({});
const save = contract({ body: playerSkillsSaveSchema });
const remove = contract({ body: playerSkillsDeleteSchema });

export function playerSkillsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(playerSkillRoutes.list.path, { config: list.config }, async (request): Promise<PlayerSkillsListResponse> => ({
      players: await listPlayerSkills(ctx.db, caller(request).user),
    }));

    app.put(playerSkillRoutes.save.path, { config: save.config }, async (request): Promise<PlayerSkillsSaveResponse> => ({
      player: await savePlayerSkills(ctx.db, caller(request).user, save.body(request)),
    }));

    app.delete(playerSkillRoutes.remove.path, { config: remove.config }, async (request, reply) => {
      await deletePlayerSkills(ctx.db, caller(request).user, remove.body(request));
      return reply.status(204).send();
    });
  };
}
