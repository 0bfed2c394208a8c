// The one place domain events become the browsers' realtime messages (`message` on website sockets),
// each to the users allowed to see it at that moment: a bot's audience (admins, owner, grantees), a
// plan's audience, or the one user the data belongs to.
import { realtimeMessage } from "@dsbot/protocol";
import type { Database } from "../db/client.js";
import type { DataOwner, DomainEventBus, DomainEventHandler, DomainEventName } from "../events/domain-events.js";
import { planAudiences } from "../policies/plan-audience.js";
import { boardAudiencesOf, supportAudiencesOf } from "../policies/tribes.policy.js";
import { presentBotRef, presentConnection } from "../modules/dsbots/index.js";
import type { Notifier } from "../platform/ports.js";

/**
 * `observe` (the metrics, when on) hears how long each event took from being raised to its messages
 * being emitted to the sockets: a subscriber starts as the event is emitted, so its run is that time.
 */
export function subscribeBrowserMessages(
  bus: DomainEventBus,
  realtime: Notifier,
  db: Database,
  observe?: (event: DomainEventName, seconds: number) => void,
): void {
  const events = {
    on<E extends DomainEventName>(event: E, handler: DomainEventHandler<E>): void {
      if (!observe) return bus.on(event, handler);
      bus.on(event, async (payload) => {
        const start = performance.now();
        await handler(payload);
        observe(event, (performance.now() - start) / 1000);
      });
    },
  };
  /** A bot's data to the bot's audience; a user's own (pasted) data to that user. */
  const toOwner = async (owner: DataOwner, message: Parameters<Notifier["toUser"]>[1]) => {
    if ("dsbotId" in owner) await realtime.toBotAudience(owner.dsbotId, message);
    else realtime.toUser(owner.userId, message);
  };

  events.on("bot.status-changed", async ({ bot, audience }) => {
    realtime.toUsers(audience, realtimeMessage("botUpdateStatus", { dsbot: presentBotRef(bot) }));
    // The owner's tribes on the bot's world show whether it is online (never more of it).
    for (const { tribeId, audience: members } of await boardAudiencesOf(db, { dsbotId: bot.id })) {
      realtime.toUsers(members, realtimeMessage("tribe-members-updated", { tribeId }));
    }
  });

  events.on("bot.connections-changed", async ({ change, connections, runnerName }) => {
    await Promise.all(
      connections.map((row) => {
        const data = { dsbotId: row.dsbotId, id: row.id, websocketConnection: presentConnection({ ...row, runnerName }) };
        const message =
          row.origin === "bot"
            ? realtimeMessage(change === "created" ? "bot-connection-created" : "bot-connection-deleted", data)
            : realtimeMessage(change === "created" ? "bot-user-connection-created" : "bot-user-connection-deleted", data);
        return realtime.toBotAudience(row.dsbotId, message);
      }),
    );
  });

  events.on("bot.usage-reported", ({ dsbotId, usage }) => realtime.toBotAudience(dsbotId, realtimeMessage("bot-usage", { dsbotId, usage })));
  events.on("bot.logged", ({ dsbotId }) => realtime.toBotAudience(dsbotId, realtimeMessage("bot-logs-updated", { dsbotId })));

  /** A member's incomings or troops changed: their tribes' boards fetch again (with troops: the members view, its last scan). */
  const toBoards = async (owner: DataOwner, members = false) => {
    for (const { tribeId, audience } of await boardAudiencesOf(db, owner)) {
      realtime.toUsers(audience, realtimeMessage("tribe-board-updated", { tribeId }));
      if (members) realtime.toUsers(audience, realtimeMessage("tribe-members-updated", { tribeId }));
    }
  };

  events.on("troops.changed", async (owner) => {
    await toOwner(owner, realtimeMessage("troops-updated", { dsbotId: "dsbotId" in owner ? owner.dsbotId : null }));
    await toBoards(owner, true);
  });

  events.on("incomings.changed", async (owner) => {
    await toOwner(owner, realtimeMessage("incomings-updated", { dsbotId: "dsbotId" in owner ? owner.dsbotId : null }));
    await toBoards(owner);
  });

  /**
   * One `attacks-updated` per plan to its audience, with the plan's changed statuses; plans whose attacks
   * changed otherwise get it too, with the rows it has for them (possibly none), and the open tables
   * fetch their page again.
   */
  events.on("attacks.changed", async ({ attacks, planIds }) => {
    const byPlan = new Map<number, (typeof attacks)[number][]>(planIds.map((planId) => [planId, []]));
    for (const row of attacks) {
      const list = byPlan.get(row.planId);
      if (list) list.push(row);
      else byPlan.set(row.planId, [row]);
    }
    if (byPlan.size === 0) return;
    const audiences = await planAudiences(db, [...byPlan.keys()]);
    for (const [planId, changed] of byPlan) {
      const message = realtimeMessage("attacks-updated", {
        planId,
        attacks: changed.map((a) => ({
          id: a.id,
          status: a.status,
          error: a.error,
          dsbotId: a.dsbotId,
          realArrivalTime: a.realArrivalAt ? a.realArrivalAt.getTime() : null,
        })),
      });
      for (const userId of audiences.get(planId) ?? []) realtime.toUser(userId, message);
    }
    // A tribe's planned supports among them: its board shows the requests' progress anew.
    for (const { tribeId, audience } of await supportAudiencesOf(db, attacks.map((a) => a.id))) {
      realtime.toUsers(audience, realtimeMessage("tribe-board-updated", { tribeId }));
    }
  });

  /** The attack is the bot's command: its status, and a failure's error, to the bot's audience. */
  events.on("attack.reported", async ({ dsbotId, attack }) => {
    await realtime.toBotAudience(dsbotId, realtimeMessage("botUpdateCommandStatus", { command: { id: attack.id, dsbotId, status: attack.status } }));
    if (attack.status === "failed" && attack.error) {
      await realtime.toBotAudience(dsbotId, realtimeMessage("botUpdateAttackError", { command: { id: attack.id, dsbotId, error: attack.error } }));
    }
  });

  events.on("tab-requests.added", ({ requests }) => {
    for (const { userId, tabRequest } of requests) realtime.toUser(userId, realtimeMessage("addTabRequest", { tabRequest: { ...tabRequest, added: true } }));
  });

  events.on("tribe.changed", ({ tribeId, audience }) => {
    realtime.toUsers(audience, realtimeMessage("tribe-updated", { tribeId }));
  });

  events.on("tribe.requests-changed", ({ tribeId, audience }) => {
    realtime.toUsers(audience, realtimeMessage("tribe-board-updated", { tribeId }));
  });

  events.on("notification.created", ({ userId, notification }) => {
    realtime.toUser(userId, realtimeMessage("notification-created", { notification }));
  });
}
