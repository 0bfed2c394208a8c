// A bot's socket (origin bot): the dispatcher of the events the modules declare (platform/bot-events.ts).
// Every event is parsed with its schema, re-checked against who may see the bot, run (in the bot's
// queue where asked) and answered; a socket that lost access is cut once its answer is on the way.
// Connect and disconnect (modules/dsbots/bot-connection.ts) run in the same queue.
import { errorMessages } from "@dsbot/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { BotContext } from "../platform/app-context.js";
import { HttpError, notFound } from "../http/errors.js";
import { botConnected, botDisconnected } from "../modules/dsbots/index.js";
import { botsVisibleTo } from "../policies/dsbots.policy.js";
import type { BotEventHandler, BotSocketScope } from "../platform/bot-events.js";
import type { Reply } from "./socket-ack.js";
import { failure, invalidPayload, replier, serialQueue } from "./socket-ack.js";
import type { RealtimeSocket, ServerLifecycle } from "../platform/socket-types.js";

export function handleBotSocket(
  socket: RealtimeSocket,
  ctx: BotContext,
  log: FastifyBaseLogger,
  lifecycle: ServerLifecycle,
  handlers: readonly BotEventHandler[],
): void {
  const { runner, dsbotId } = socket.data;
  if (!runner || dsbotId === null) return;
  const queue = serialQueue((error) => log.error({ err: error, socketId: socket.id, dsbotId }, "bot socket handler failed"));

  /**
   * Every event re-checks that the socket's user may still see the bot: a demotion or a revoked grant
   * cuts the socket at once, but an event already on its way must not get through either.
   */
  const lostAccess = new WeakSet<object>();
  async function requireAccess(): Promise<void> {
    if ((await botsVisibleTo(ctx.db, socket.data.user.id, [dsbotId as number])).has(dsbotId as number)) return;
    const error = notFound(errorMessages.botNotFound);
    lostAccess.add(error);
    throw error;
  }

  const scope: BotSocketScope = { ctx, dsbotId, runnerUserId: socket.data.user.id, socket, requireAccess };

  /** Answers a failed event; a socket that lost access is cut once its answer is on the way. */
  function fail(reply: Reply<never>, error: unknown, event: string): void {
    if (!(error instanceof HttpError)) log.error({ err: error, dsbotId }, `${event} failed`);
    reply(failure(error));
    if (lostAccess.has(error as object)) socket.disconnect(true);
  }

  void queue(() => botConnected(scope, runner, lifecycle.instanceId));

  for (const handler of handlers) {
    socket.on(handler.event, ((...args: unknown[]) => {
      // With a payload the acknowledgement follows it; without one it is the only argument.
      const reply = replier<object>(handler.schema ? args[1] : args.at(-1));
      let input: unknown;
      if (handler.schema) {
        const parsed = handler.schema.safeParse(args[0]);
        if (!parsed.success) return reply(invalidPayload(parsed.error));
        input = parsed.data;
      }
      const run = async () => {
        try {
          if (!handler.checksAccess) await requireAccess();
          reply({ ok: true, ...(await handler.handle(input, scope)) });
        } catch (error) {
          fail(reply, error, handler.event);
        }
      };
      if (handler.queued) void queue(run);
      else void run();
    }) as never);
  }

  socket.on("disconnect", () => {
    if (lifecycle.closing) return;
    void queue(() => botDisconnected(scope, runner));
  });
}
