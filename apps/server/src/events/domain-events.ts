// The server's domain events: what happened, told by the module it happened in. Modules emit; who
// reacts subscribes (realtime/browser-messages.ts turns them into the browsers' realtime messages,
// realtime/access-subscribers.ts ends the sockets that may no longer be open, a module through its
// ServerModule's `subscribe`), so no module writes
// to browser sockets or cuts sockets itself. Across instances nothing extra is needed: a subscriber's
// socket.io emits travel through the realtime adapter (PostgreSQL) like any other.
import type { BotUsage, Notification, TabRequest } from "@dsbot/protocol";
import type { DsbotRow, WebsocketConnectionRow } from "../db/schema.js";

/** An attack whose status (or bot, error, real arrival) changed. */
export interface ChangedAttack {
  id: number;
  planId: number;
  status: "planned" | "due" | "sent" | "failed" | "expired" | "cancelled";
  error: string | null;
  dsbotId: number | null;
  realArrivalAt: Date | null;
}

/** Whose troops or incomings: a bot's scan, or what a user pasted (no bot). */
export type DataOwner = { dsbotId: number } | { userId: number };

export interface DomainEvents {
  /** A bot's status changed; `audience`: the users who could see the bot at that moment. */
  "bot.status-changed": { bot: DsbotRow; audience: readonly number[] };
  /** Runner or bot sockets of bots came or went (`runnerName`: the runner's name, when known). */
  "bot.connections-changed": { change: "created" | "deleted"; connections: readonly WebsocketConnectionRow[]; runnerName: string | null };
  /** A bot reported its request budget. */
  "bot.usage-reported": { dsbotId: number; usage: BotUsage & { reportedAt: number } };
  /** A bot wrote a line to its log ("bot:log"). */
  "bot.logged": { dsbotId: number };
  /** Troops or villages changed (a bot's scan, a pasted overview, one removed). */
  "troops.changed": DataOwner;
  /** Incomings changed (a bot's scan, a pasted SOS, one marked or removed). */
  "incomings.changed": DataOwner;
  /** Attacks changed: these rows' statuses, and every attack of `planIds` (added, edited, deleted, imported). */
  "attacks.changed": { attacks: readonly ChangedAttack[]; planIds: readonly number[] };
  /**
   * A bot reported what became of an attack it took (sent or failed). `send`, for a sent one: when the
   * runner says the command left and when the plan had it leave (epoch ms).
   */
  "attack.reported": { dsbotId: number; attack: ChangedAttack; send?: { sentAt: number; plannedSendAt: number } };
  /** New tab requests, each for its user. */
  "tab-requests.added": { requests: readonly { userId: number; tabRequest: TabRequest }[] };
  /** A notification was stored (or an unread one on the same topic updated) for its user. */
  "notification.created": { userId: number; notification: Notification };
  /** Web sessions and runner tokens were revoked (sign-out, a new password, an admin's revoke). */
  "sessions.revoked": { sessionIds: readonly number[]; runnerTokenIds: readonly number[] };
  /** What a user may see changed (their role, a grant taken back). */
  "access.changed": { userId: number };
  /** A user was deleted, with the bots they owned (deleted with them). */
  "user.deleted": { userId: number; ownedBotIds: readonly number[] };
  /** A bot was deleted. */
  "bot.deleted": { dsbotId: number };
  /**
   * A tribe changed (members, roles, settings, a member's choices, dissolved). `audience`: its members
   * after the change and whoever just lost access (left, removed, dissolved).
   */
  "tribe.changed": { tribeId: number; audience: readonly number[] };
  /** A tribe's support requests changed (asked, withdrawn). `audience`: its members. */
  "tribe.requests-changed": { tribeId: number; audience: readonly number[] };
  /** A bot was set offline by the server (force-stop, a start or stop that never completed). */
  "bot.forced-offline": { dsbotId: number };
}

export type DomainEventName = keyof DomainEvents;
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEvents[E]) => void | Promise<void>;

/**
 * The in-process bus. `emit` resolves once every subscriber is done, so a caller that answers after
 * emitting (a bot's report, a REST route) answers after the browsers were told, as before. A failing
 * subscriber is logged and does not fail the emitter or the other subscribers: the change it reports
 * has already happened.
 */
export class DomainEventBus {
  readonly #handlers = new Map<DomainEventName, DomainEventHandler<DomainEventName>[]>();

  constructor(private readonly onError: (error: unknown, event: DomainEventName) => void) {}

  on<E extends DomainEventName>(event: E, handler: DomainEventHandler<E>): void {
    const list = this.#handlers.get(event) ?? [];
    list.push(handler as DomainEventHandler<DomainEventName>);
    this.#handlers.set(event, list);
  }

  async emit<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const handlers = this.#handlers.get(event);
    if (!handlers) return;
    await Promise.all(
      handlers.map(async (handler) => {
        try {
          await handler(payload);
        } catch (error) {
          this.onError(error, event);
        }
      }),
    );
  }
}
