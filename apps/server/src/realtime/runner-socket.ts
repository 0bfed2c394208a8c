// A runner's socket (origin bot-user): it learns its bots, announces the ones it can run (one
// websocket connection per bot, shown to the dashboard), and leaves them when it disconnects.
import type { RunnerBot } from "@dsbot/protocol";
import { runnerHelloSchema } from "@dsbot/protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { BotContext } from "../platform/app-context.js";
import { MAX_SERIAL_ID } from "../http/parse.js";
import { dsbots, users } from "../db/schema.js";
import { addConnections, botsWithBotSocket, emitConnectionsChanged, presentRunnerBot, removeSocketConnections, socketBotIds } from "../modules/dsbots/index.js";
import { visibleBotsCondition } from "../policies/dsbots.policy.js";
import type { RealtimeSocket, ServerLifecycle } from "../platform/socket-types.js";
import { failure, invalidPayload, replier, serialQueue } from "./socket-ack.js";

const MAX_RUNNER_BOTS = 1000;

/**
 * The bots the runner's user may see now. The user is read again each time: the socket's copy of the
 * role may be stale after a demotion. A deleted user sees nothing.
 */
async function visibleBots(ctx: BotContext, userId: number, ids?: number[]): Promise<RunnerBot[]> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return [];
  // Ids beyond a serial's range cannot exist (and would fail the query): such bots are simply not visible.
  const inRange = ids?.filter((id) => id <= MAX_SERIAL_ID) ?? [];
  const rows = await ctx.db
    .select()
    .from(dsbots)
    .where(and(visibleBotsCondition(user), ids ? inArray(dsbots.id, inRange.length > 0 ? inRange : [0]) : undefined))
    .orderBy(asc(dsbots.id))
    .limit(MAX_RUNNER_BOTS);
  return rows.map(presentRunnerBot);
}

const STARTED: ReadonlySet<string> = new Set(["starting", "online", "paused"]);

/**
 * Bots to resume: started on this runner (its token was told to start them) as far as the server
 * knows, but with no bot socket anywhere — their runner went away together with the server (a restart
 * of `npm start`, a PC reboot during a deploy). A bot started on another runner is never offered, and
 * one that still runs keeps its socket.
 */
async function resumable(ctx: BotContext, bots: RunnerBot[], runnerTokenId: number): Promise<number[]> {
  const candidates = bots.filter((b) => b.status !== null && STARTED.has(b.status)).map((b) => b.id);
  if (candidates.length === 0) return [];
  const mine = await ctx.db
    .select({ id: dsbots.id })
    .from(dsbots)
    .where(and(inArray(dsbots.id, candidates), eq(dsbots.startedByRunnerTokenId, runnerTokenId)));
  const own = new Set(mine.map((m) => m.id));
  const started = candidates.filter((id) => own.has(id));
  const live = await botsWithBotSocket(ctx.db, started);
  return started.filter((id) => !live.has(id));
}

export function handleRunnerSocket(socket: RealtimeSocket, ctx: BotContext, log: FastifyBaseLogger, lifecycle: ServerLifecycle): void {
  const { user, runner } = socket.data;
  if (!runner) return;
  const queue = serialQueue((error) => log.error({ err: error, socketId: socket.id }, "runner socket handler failed"));

  // No payload; the acknowledgement is the last argument even when a client sends one anyway.
  socket.on("runner:bots", (...args: unknown[]) => {
    const reply = replier<{ bots: RunnerBot[] }>(args.at(-1));
    visibleBots(ctx, user.id).then(
      (bots) => reply({ ok: true, bots }),
      (error: unknown) => {
        log.error({ err: error }, "runner:bots failed");
        reply(failure(error));
      },
    );
  });

  /** A hello replaces the runner's announced set: new bots get a connection, dropped ones lose theirs. */
  socket.on("runner:hello", (payload: unknown, ack: unknown) => {
    const reply = replier<{ accepted: number[]; rejected: number[]; resume: number[]; bots: RunnerBot[] }>(ack);
    const parsed = runnerHelloSchema.safeParse(payload);
    if (!parsed.success) return reply(invalidPayload(parsed.error));
    const wanted = [...new Set(parsed.data.bots)];
    void queue(async () => {
      try {
        const bots = await visibleBots(ctx, user.id, wanted);
        const accepted = bots.map((b) => b.id);
        const removed = await removeSocketConnections(ctx.db, socket.id, accepted);
        await emitConnectionsChanged(ctx, "deleted", removed, runner.name);
        const kept = new Set(await socketBotIds(ctx.db, socket.id));
        const added = await addConnections(
          ctx.db,
          lifecycle.instanceId,
          accepted.filter((id) => !kept.has(id)).map((dsbotId) => ({ origin: "bot-user" as const, dsbotId, runnerTokenId: runner.tokenId, socketId: socket.id })),
        );
        await emitConnectionsChanged(ctx, "created", added, runner.name);
        reply({ ok: true, accepted, rejected: wanted.filter((id) => !accepted.includes(id)), resume: await resumable(ctx, bots, runner.tokenId), bots });
      } catch (error) {
        reply(failure(error));
        throw error; // logged by the queue
      }
    });
  });

  socket.on("disconnect", () => {
    if (lifecycle.closing) return;
    void queue(async () => {
      const removed = await removeSocketConnections(ctx.db, socket.id);
      await emitConnectionsChanged(ctx, "deleted", removed, runner.name);
    });
  });
}
