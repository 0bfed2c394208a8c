// At start no socket is live yet, so no connection row and no running bot can be true: clear them.
// Single instance only — with several instances each must clear only its own rows (see schema note).
import { botLogMessages } from "@dsbot/protocol";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbotLogs, dsbots, websocketConnections } from "../../db/schema.js";
import { runningStatuses } from "./dsbot-status.service.js";

export async function resetLiveBotState(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(websocketConnections);
    const stale = await tx
      .update(dsbots)
      .set({ status: "offline", updatedAt: new Date() })
      .where(inArray(dsbots.status, [...runningStatuses]))
      .returning({ id: dsbots.id });
    if (stale.length > 0) {
      await tx
        .insert(dsbotLogs)
        .values(stale.map(({ id }) => ({ dsbotId: id, level: "warn" as const, message: botLogMessages.serverRestarted, userId: null })));
    }
  });
}
