// /api/account-manager/templates: the caller's builder templates. Always scoped
// to the caller: another user's template answers 404, for admins too (templates are personal). A changed
// template is announced to the bots that use it ("bot:templates-changed"), whose runners keep templates.
import type { BuilderTemplateListResponse, BuilderTemplateResponse } from "@dsbot/protocol";
import { templateRoutes as routes, builderTemplateIdParamsSchema, builderTemplateInputSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import {
  createBuilderTemplate,
  deleteBuilderTemplate,
  getBuilderTemplate,
  listBuilderTemplates,
  replaceBuilderTemplate,
} from "./templates.service.js";

const list = contract({});
const create = contract({ body: builderTemplateInputSchema });
const byId = contract({ params: builderTemplateIdParamsSchema });
const replace = contract({ params: builderTemplateIdParamsSchema, body: builderTemplateInputSchema });

export function templatesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(routes.list.path, { config: list.config }, async (request): Promise<BuilderTemplateListResponse> => ({
      templates: await listBuilderTemplates(ctx.db, caller(request).user.id),
    }));

    app.post(routes.create.path, { config: create.config }, async (request, reply) => {
      const template = await createBuilderTemplate(ctx.db, caller(request).user.id, create.body(request));
      return reply.status(201).send({ template } satisfies BuilderTemplateResponse);
    });

    app.get(routes.detail.path, { config: byId.config }, async (request): Promise<BuilderTemplateResponse> => ({
      template: await getBuilderTemplate(ctx.db, caller(request).user.id, byId.params(request).id),
    }));

    app.put(routes.replace.path, { config: replace.config }, async (request): Promise<BuilderTemplateResponse> => {
      const { template, dsbotIds } = await replaceBuilderTemplate(ctx.db, caller(request).user.id, replace.params(request).id, replace.body(request));
      ctx.realtime.botTemplatesChanged(dsbotIds, { ids: [template.id] });
      return { template };
    });

    app.delete(routes.remove.path, { config: byId.config }, async (request, reply) => {
      await deleteBuilderTemplate(ctx.db, caller(request).user.id, byId.params(request).id);
      return reply.status(204).send();
    });
  };
}
