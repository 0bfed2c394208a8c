// /api/user-notifications: the caller's own notifications; admins may also address others.
import type { NotificationListResponse, NotificationMarkAllResponse, NotificationResponse } from "@dsbot/protocol";
import { notificationCreateSchema, notificationIdParamsSchema, notificationRoutes } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { forbidden } from "../../http/errors.js";
import { contract } from "../../http/contract.js";
import { authenticate, caller } from "../auth/index.js";
import { getUser } from "../users/index.js";
import { presentNotification } from "./notifications.presenter.js";
import { deleteNotification, listNotifications, markAllRead, markRead } from "./notifications.service.js";
import { notify } from "./notify.js";

const create = contract({ body: notificationCreateSchema });
const byId = contract({ params: notificationIdParamsSchema });
const none = contract({});

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", authenticate(ctx.db));

    app.get(notificationRoutes.list.path, { config: none.config }, async (request): Promise<NotificationListResponse> => {
      const rows = await listNotifications(ctx.db, caller(request).user.id);
      return { notifications: rows.map(presentNotification) };
    });

    /** For the caller; `userId` of someone else: admins only (403 otherwise, 404 for an unknown user). */
    app.post(notificationRoutes.create.path, { config: create.config }, async (request, reply) => {
      const { userId, ...content } = create.body(request);
      const { user } = caller(request);
      let recipient = user.id;
      if (userId !== undefined && userId !== user.id) {
        if (user.role !== "admin") throw forbidden();
        recipient = (await getUser(ctx.db, userId)).id;
      }
      const [notification] = await notify(ctx, recipient, content);
      if (!notification) throw new Error("notification insert returned no row");
      const body: NotificationResponse = { notification };
      return reply.status(201).send(body);
    });

    /** Answers how many were unread (and are read now). */
    app.post(notificationRoutes.markAllRead.path, { config: none.config }, async (request): Promise<NotificationMarkAllResponse> => {
      return { updated: await markAllRead(ctx.db, caller(request).user.id) };
    });

    app.post(notificationRoutes.markRead.path, { config: byId.config }, async (request): Promise<NotificationResponse> => {
      const { id } = byId.params(request);
      return { notification: presentNotification(await markRead(ctx.db, caller(request).user.id, id)) };
    });

    app.delete(notificationRoutes.remove.path, { config: byId.config }, async (request, reply) => {
      const { id } = byId.params(request);
      await deleteNotification(ctx.db, caller(request).user.id, id);
      return reply.status(204).send();
    });
  };
}
