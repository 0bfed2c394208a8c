// Typed registration of realtime handlers: a handler names its message type and gets that type's data
// as the protocol's schema hands it on; a message whose data fails the schema is dropped with a console
// warning and reaches no handler. The schemas bring zod along, so only the lazily loaded features import
// this file; the socket (first page) hands messages to the zod-free realtime-bus.ts.
import { realtimeMessageDataSchemas, type RealtimeMessageData, type RealtimeMessageType } from "@dsbot/protocol";
import { listenRealtime, type RealtimeCheck } from "./realtime-bus";

export { dispatchRealtimeMessage, HOLD_UNHANDLED_MS, notifyRealtimeConnected, onRealtimeConnect, resetRealtimeHandlers } from "./realtime-bus";

export type RealtimeHandler<T extends RealtimeMessageType> = (data: RealtimeMessageData<T>) => void;

/** One check per type (the bus keeps the first it is given): it runs once per message for all handlers of the type. */
const checks = new Map<RealtimeMessageType, RealtimeCheck>();

function checkOf(type: RealtimeMessageType): RealtimeCheck {
  let check = checks.get(type);
  if (!check) {
    const schema = realtimeMessageDataSchemas[type];
    check = (data) => schema.safeParse(data);
    checks.set(type, check);
  }
  return check;
}

/** Register a handler for one message type; returns the function that removes it again. */
export function registerRealtimeHandler<T extends RealtimeMessageType>(type: T, handler: RealtimeHandler<T>): () => void {
  // The check is the schema of `type`, so what reaches the handler is that type's data.
  return listenRealtime(type, checkOf(type), handler as (data: unknown) => void);
}
