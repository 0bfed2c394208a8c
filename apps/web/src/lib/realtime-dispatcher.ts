// Routes realtime `message` payloads to the handlers features register per type (spec §4 events).
import type { RealtimeMessage, RealtimeMessageType } from "@dsbot/protocol";
import { realtimeMessageTypeNames } from "@dsbot/protocol";

export type RealtimeHandler = (data: unknown) => void;

const handlers = new Map<string, Set<RealtimeHandler>>();

/**
 * Messages of a known type that arrived while nothing listened to it, kept a moment for the part of the
 * page about to listen: the socket connects while the lazily loaded header and pages still load, and a
 * notification that arrives then would otherwise raise no alert (issue 21).
 */
export const HOLD_UNHANDLED_MS = 3000;
const HOLD_MAX = 100;
const held: { type: string; data: unknown; at: number }[] = [];

function handOver(type: string, handler: RealtimeHandler): void {
  const now = Date.now();
  for (let i = 0; i < held.length; ) {
    const message = held[i] as (typeof held)[number];
    if (now - message.at > HOLD_UNHANDLED_MS) held.splice(i, 1);
    else if (message.type === type) {
      held.splice(i, 1);
      runHandler(type, handler, message.data);
    } else i++;
  }
}

function runHandler(type: string, handler: RealtimeHandler, data: unknown): void {
  try {
    handler(data);
  } catch (error) {
    console.error(`[realtime] handler for "${type}" failed`, error);
  }
}

/** Register a handler for one message type; returns the function that removes it again. */
export function registerRealtimeHandler(type: RealtimeMessageType, handler: RealtimeHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  if (held.length > 0) handOver(type, handler);
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(type);
  };
}

function isRealtimeMessage(value: unknown): value is RealtimeMessage {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

const knownTypes = new Set<string>(realtimeMessageTypeNames);

/**
 * The payload string '[]' is ignored. A known type no page part listens to right now (a bot's command
 * status while the Angriffspläne are closed) is nothing to show: kept HOLD_UNHANDLED_MS for a handler
 * about to register, then dropped silently. Only a message without a type or of a type the protocol does
 * not name warns in the console.
 */
export function dispatchRealtimeMessage(payload: unknown): void {
  if (payload === "[]") return;
  if (!isRealtimeMessage(payload)) {
    console.warn("[realtime] message without type ignored", payload);
    return;
  }
  const set = handlers.get(payload.type);
  if (!set || set.size === 0) {
    if (!knownTypes.has(payload.type)) console.warn(`[realtime] unknown message type "${payload.type}"`, payload.data);
    else {
      held.push({ type: payload.type, data: payload.data, at: Date.now() });
      if (held.length > HOLD_MAX) held.shift();
    }
    return;
  }
  for (const handler of set) runHandler(payload.type, handler, payload.data);
}

/** Test helper: forget every registered handler and every held message. */
export function resetRealtimeHandlers(): void {
  handlers.clear();
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
