// The zod-free core of the website's realtime `message`s, loaded with the first page (the socket hands
// every message to it): the listeners per type, the check a message's data passes before it reaches
// them, messages held for a listener about to register, and the (re)connect callbacks. Features do not
// listen here directly: they register through realtime-dispatcher.ts, which brings the protocol's
// schemas as the check (and with them zod, which the first page does without).
import type { RealtimeMessageType } from "@dsbot/protocol";
import { realtimeMessageTypeNames } from "@dsbot/protocol";

/** A type's check of a message's data (the shape of zod's safeParse): the data to hand on, or why it is dropped. */
export type RealtimeCheck = (data: unknown) => { success: true; data: unknown } | { success: false; error: unknown };
type Listener = (data: unknown) => void;

/** Per type: its check (the first listener's: one schema per type) and its listeners. */
const channels = new Map<string, { check: RealtimeCheck; listeners: Set<Listener> }>();

/**
 * Messages of a known type that arrived while nothing listened to it, kept a moment for the part of the
 * page about to listen: the socket connects while the lazily loaded header and pages still load, and a
 * notification that arrives then would otherwise raise no alert.
 */
export const HOLD_UNHANDLED_MS = 3000;
const HOLD_MAX = 100;
const held: { type: string; data: unknown; at: number }[] = [];

/** The check runs once per message (one warning for a message that fails it), however many listen. */
function deliver(type: string, check: RealtimeCheck, data: unknown, listeners: Iterable<Listener>): void {
  const result = check(data);
  if (!result.success) {
    console.warn(`[realtime] "${type}" with bad data dropped`, data, result.error);
    return;
  }
  for (const listener of listeners) {
    try {
      listener(result.data);
    } catch (error) {
      console.error(`[realtime] handler for "${type}" failed`, error);
    }
  }
}

/**
 * Listen to one message type: `listener` gets the data `check` hands on and nothing of a message that
 * fails it. Returns the function that stops listening again.
 */
export function listenRealtime(type: RealtimeMessageType, check: RealtimeCheck, listener: Listener): () => void {
  let channel = channels.get(type);
  if (!channel) channels.set(type, (channel = { check, listeners: new Set() }));
  const current = channel;
  const { listeners } = channel;
  listeners.add(listener);
  const now = Date.now();
  for (let i = 0; i < held.length; ) {
    const message = held[i] as (typeof held)[number];
    if (now - message.at > HOLD_UNHANDLED_MS) held.splice(i, 1);
    else if (message.type === type) {
      held.splice(i, 1);
      deliver(type, channel.check, message.data, [listener]);
    } else i++;
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && channels.get(type) === current) channels.delete(type);
  };
}

function hasType(value: unknown): value is { type: string; data?: unknown } {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

const knownTypes = new Set<string>(realtimeMessageTypeNames);

/**
 * The payload string '[]' is ignored. A known type no page part listens to right now (a bot's command
 * status while the Angriffspläne are closed) is nothing to show: kept HOLD_UNHANDLED_MS for a handler
 * about to register, then dropped silently. A message without a type, of a type the protocol does not
 * name, or whose data does not match its type warns in the console.
 */
export function dispatchRealtimeMessage(payload: unknown): void {
  if (payload === "[]") return;
  if (!hasType(payload)) {
    console.warn("[realtime] message without type ignored", payload);
    return;
  }
  const channel = channels.get(payload.type);
  if (!channel) {
    if (!knownTypes.has(payload.type)) console.warn(`[realtime] unknown message type "${payload.type}"`, payload.data);
    else {
      held.push({ type: payload.type, data: payload.data, at: Date.now() });
      if (held.length > HOLD_MAX) held.shift();
    }
    return;
  }
  deliver(payload.type, channel.check, payload.data, channel.listeners);
}

/** Test helper: forget every registered handler and every held message. */
export function resetRealtimeHandlers(): void {
  channels.clear();
  connectHandlers.clear();
  held.length = 0;
}

type ConnectHandler = () => void;
const connectHandlers = new Set<ConnectHandler>();

/** Run `handler` on every (re)connect of the website socket, e.g. to refetch what may have been missed. */
export function onRealtimeConnect(handler: ConnectHandler): () => void {
  connectHandlers.add(handler);
  return () => {
    connectHandlers.delete(handler);
  };
}

/** Called by the socket on each `connect` event. */
export function notifyRealtimeConnected(): void {
  for (const handler of connectHandlers) {
    try {
      handler();
    } catch (error) {
      console.error("[realtime] connect handler failed", error);
    }
  }
}
