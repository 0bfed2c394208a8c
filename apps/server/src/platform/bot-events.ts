// A bot socket's events as modules declare them: the event, its payload schema and a handler that
// answers. realtime/bot-socket.ts does the rest the same way for every event: parse (400 with the
// issues), check that the socket's user may still see the bot, queue where asked, answer, and cut a
// socket that lost access. Each module lists its events in `<module>.socket.ts`; app.ts registers them.
import type { ClientToServerEvents } from "@dsbot/protocol";
import type { z } from "zod";
import type { BotContext } from "./app-context.js";
import type { RealtimeSocket } from "./socket-types.js";

export type BotEventName = Extract<keyof ClientToServerEvents, `bot:${string}`>;

/** The acknowledgement an event's sender gets: the last parameter of its signature. */
type LastOf<A> = A extends [infer Only] ? (A extends { length: 1 } ? Only : never) : A extends [unknown, (infer Second)?] ? Second : never;
type Ack<E extends BotEventName> = NonNullable<LastOf<Parameters<ClientToServerEvents[E]>>>;
/** What a handler answers on success (the acknowledgement's fields besides `ok`). */
export type BotEventAnswer<E extends BotEventName> = Ack<E> extends (answer: infer R) => void ? Omit<Extract<R, { ok: true }>, "ok"> : never;

/** What a handler may use: the app, the bot and the socket it came from. */
export interface BotSocketScope {
  ctx: BotContext;
  dsbotId: number;
  /** The user whose runner runs the bot (the bot plays for its owner; the attacks it may take also depend on this). */
  runnerUserId: number;
  socket: RealtimeSocket;
  /** Throws 404 when the socket's user may no longer see the bot; the socket is then cut after its answer. */
  requireAccess(): Promise<void>;
}

export interface BotEventHandler<E extends BotEventName = BotEventName, S extends z.ZodType = z.ZodType> {
  event: E;
  /** The payload's schema; none: the event has no payload (its only argument is the acknowledgement). */
  schema?: S;
  /** Run in the bot's queue: one at a time with its other queued events and its connect and disconnect, in order. */
  queued?: boolean;
  /** The handler checks access itself (a status report's hot path folds it into its statement); otherwise it is checked first. */
  checksAccess?: boolean;
  handle(input: z.output<S>, scope: BotSocketScope): Promise<BotEventAnswer<E>>;
}

/** Declares one bot event (keeps the event name, schema and answer types tied together). */
export function botEvent<E extends BotEventName, S extends z.ZodType>(handler: BotEventHandler<E, S>): BotEventHandler {
  return handler as unknown as BotEventHandler;
}
