// /api/dsbot-auth (PRODUCT §3, §6 "Dsbot Auth"): the device flow (device and token are public: the
// runner has no account session) and the signed-in user's paired runners.
import type { DeviceApproveResponse, DeviceResponse, DeviceTokenResponse, RunnerListResponse } from "@dsbot/protocol";
import { deviceApproveSchema, deviceRequestSchema, deviceTokenRequestSchema, errorMessages, runnerIdParamsSchema } from "@dsbot/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../app-context.js";
import { notFound } from "../../http/errors.js";
import { parse } from "../../http/parse.js";
import { authenticate, caller } from "../auth/auth-context.js";
import { approveDeviceCode, denyDeviceCode, redeemDeviceCode, startDeviceFlow } from "./device-flow.service.js";
import { listRunnerTokens, revokeRunnerToken } from "./runner-tokens.service.js";

export function dsbotAuthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post("/api/dsbot-auth/device", async (request): Promise<DeviceResponse> => {
      const { name } = parse(deviceRequestSchema, request.body);
      return startDeviceFlow(ctx.db, name);
    });

    app.post("/api/dsbot-auth/token", async (request): Promise<DeviceTokenResponse> => {
      const { deviceCode } = parse(deviceTokenRequestSchema, request.body);
      return redeemDeviceCode(ctx.db, deviceCode);
    });

    app.register(async (secured) => {
      secured.addHook("onRequest", authenticate(ctx.db));

      secured.post("/api/dsbot-auth/approve", async (request): Promise<DeviceApproveResponse> => {
        const { userCode } = parse(deviceApproveSchema, request.body);
        const runner = await approveDeviceCode(ctx.db, caller(request).user, userCode);
        return { runner: { id: runner.id, name: runner.name, createdAt: runner.createdAt.toISOString() } };
      });

      secured.post("/api/dsbot-auth/deny", async (request, reply) => {
        const { userCode } = parse(deviceApproveSchema, request.body);
        await denyDeviceCode(ctx.db, caller(request).user, userCode);
        return reply.status(204).send();
      });

      secured.get("/api/dsbot-auth/tokens", async (request): Promise<RunnerListResponse> => {
        const rows = await listRunnerTokens(ctx.db, caller(request).user.id);
        const connected = await ctx.realtime.connectedRunners(rows.map((r) => r.id));
        return {
          runners: rows.map((r) => ({
            id: r.id,
            name: r.name,
            createdAt: r.createdAt.toISOString(),
            lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
            connected: connected.has(r.id),
          })),
        };
      });

      /** Revoking ends the runner's socket and its bots' sockets at once (their bots go offline). */
      secured.delete("/api/dsbot-auth/tokens/:id", async (request, reply) => {
        const { id } = parse(runnerIdParamsSchema, request.params);
        if (!(await revokeRunnerToken(ctx.db, caller(request).user.id, id))) throw notFound(errorMessages.runnerNotFound);
        ctx.sockets.disconnectRunnerToken(id);
        return reply.status(204).send();
      });
    });
  };
}
