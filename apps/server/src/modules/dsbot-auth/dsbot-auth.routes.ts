// /api/dsbot-auth: the device flow (device and token are public: the
// runner has no account session) and the signed-in user's paired runners.
import type { DeviceApproveResponse, DeviceResponse, DeviceTokenResponse, RunnerListResponse } from "@dsbot/protocol";
import {
  deviceApproveSchema,
  deviceRequestSchema,
  deviceTokenRequestSchema,
  dsbotAuthRoutes as routes,
  errorMessages,
  runnerIdParamsSchema,
} from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../platform/app-context.js";
import { contract } from "../../http/contract.js";
import { notFound } from "../../http/errors.js";
import { authenticate, caller, presentRunnerList, revokeRunnerToken } from "../auth/index.js";
import type { RateLimit } from "../limits/index.js";
import { hitRateLimit } from "../limits/index.js";
import { approveDeviceCode, denyDeviceCode, redeemDeviceCode, requireRoomForDeviceCode, startDeviceFlow } from "./device-flow.service.js";

/** Anyone may ask for a pairing code, so each address may ask only a few times a minute. */
export const DEVICE_CODE_LIMIT: RateLimit = { name: "device-ip", max: 10, windowMs: 60_000, message: errorMessages.deviceCodeRateLimited };

const device = contract({ body: deviceRequestSchema });
const token = contract({ body: deviceTokenRequestSchema });
const approve = contract({ body: deviceApproveSchema });
const byId = contract({ params: runnerIdParamsSchema });
const none = contract({});

export function dsbotAuthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post(routes.device.path, { config: device.config }, async (request): Promise<DeviceResponse> => {
      const { name, scope } = device.body(request);
      await hitRateLimit(ctx.db, DEVICE_CODE_LIMIT, request.ip);
      await requireRoomForDeviceCode(ctx.db, request.ip);
      return startDeviceFlow(ctx.db, name, request.ip, scope);
    });

    app.post(routes.token.path, { config: token.config }, async (request): Promise<DeviceTokenResponse> => {
      return redeemDeviceCode(ctx.db, token.body(request).deviceCode);
    });

    app.register(async (secured) => {
      secured.addHook("onRequest", authenticate(ctx.db));

      secured.post(routes.approve.path, { config: approve.config }, async (request): Promise<DeviceApproveResponse> => {
        const runner = await approveDeviceCode(ctx.db, caller(request).user, approve.body(request).userCode);
        return { runner: { id: runner.id, name: runner.name, scope: runner.scope, createdAt: runner.createdAt.toISOString() } };
      });

      secured.post(routes.deny.path, { config: approve.config }, async (request, reply) => {
        await denyDeviceCode(ctx.db, caller(request).user, approve.body(request).userCode);
        return reply.status(204).send();
      });

      secured.get(routes.tokens.path, { config: none.config }, async (request): Promise<RunnerListResponse> => ({
        runners: await presentRunnerList(ctx.db, (ids) => ctx.realtime.connectedRunners(ids), caller(request).user.id),
      }));

      /** Revoking ends the runner's socket and its bots' sockets at once (their bots go offline). */
      secured.delete(routes.revokeToken.path, { config: byId.config }, async (request, reply) => {
        const { id } = byId.params(request);
        if (!(await revokeRunnerToken(ctx.db, caller(request).user.id, id))) throw notFound(errorMessages.runnerNotFound);
        await ctx.events.emit("sessions.revoked", { sessionIds: [], runnerTokenIds: [id] });
        return reply.status(204).send();
      });
    });
  };
}
