// At start no socket is live yet, so no connection row can be true: they are cleared. Started bots
// keep their status: their runners reconnect on their own (a restart or deploy must not stop every
// bot); a bot that does not come back within the grace time is set offline by the orphan sweep
// (stuck-bots.ts). A bot that was stopping has ended meanwhile and is set offline now.
// Single instance only — with several instances each must clear only its own rows (see schema note).
import { botLogMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbotLogs, dsbots, websocketConnections } from "../../db/schema.js";

export async function resetLiveBotState(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(websocketConnections);
    const stopped = await tx
      .update(dsbots)
      .set({ status: "offline", updatedAt: new Date() })
      .where(eq(dsbots.status, "stopping"))
      .returning({ id: dsbots.id });
    if (stopped.length > 0) {
      await tx
        .insert(dsbotLogs)
        .values(stopped.map(({ id }) => ({ dsbotId: id, level: "warn" as const, message: botLogMessages.serverRestarted, userId: null })));
    }
  });
}
