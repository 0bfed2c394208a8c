// Routes realtime `message` payloads to the handlers features register per type (spec §4 events).
import type { RealtimeMessage, RealtimeMessageType } from "@dsbot/protocol";
import { realtimeMessageTypeNames } from "@dsbot/protocol";

export type RealtimeHandler = (data: unknown) => void;

const handlers = new Map<string, Set<RealtimeHandler>>();

/** Register a handler for one message type; returns the function that removes it again. */
export function registerRealtimeHandler(type: RealtimeMessageType, handler: RealtimeHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
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
 * status while the Angriffspläne are closed) is nothing to show: dropped silently. Only a message
 * without a type or of a type the protocol does not name warns in the console.
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
    return;
  }
  for (const handler of set) {
    try {
      handler(payload.data);
    } catch (error) {
      console.error(`[realtime] handler for "${payload.type}" failed`, error);
    }
  }
}

/** Test helper: forget every registered handler. */
export function resetRealtimeHandlers(): void {
  handlers.clear();
  connectHandlers.clear();
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
