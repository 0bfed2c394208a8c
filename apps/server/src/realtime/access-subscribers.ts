// The domain events after which sockets may no longer stay open: each ends them at once (on every
// instance: the kicker's disconnects go through the realtime adapter).
import type { BotContext } from "../platform/app-context.js";
import type { DomainEventBus } from "../events/domain-events.js";
import { recheckUserSockets } from "./access-recheck.js";

export function subscribeAccessChanges(events: DomainEventBus, ctx: BotContext): void {
  events.on("sessions.revoked", ({ sessionIds, runnerTokenIds }) => {
    if (sessionIds.length > 0) ctx.sockets.disconnectSessions(sessionIds);
    if (runnerTokenIds.length > 0) ctx.sockets.disconnectRunnerTokens(runnerTokenIds);
  });
  events.on("access.changed", ({ userId }) => recheckUserSockets(ctx, userId));
  events.on("user.deleted", ({ userId, ownedBotIds }) => {
    ctx.sockets.disconnectUser(userId);
    for (const dsbotId of ownedBotIds) ctx.sockets.disconnectBot(dsbotId);
  });
  events.on("bot.deleted", ({ dsbotId }) => ctx.sockets.disconnectBot(dsbotId));
  events.on("bot.forced-offline", ({ dsbotId }) => ctx.sockets.disconnectBot(dsbotId));
}
