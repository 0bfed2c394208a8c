// At start no socket of this instance is live yet. Alone on the database (PGlite) no connection row
// can be true: they are cleared. With several instances on PostgreSQL only the rows of instances that
// are not alive go (instances.ts); the others' sockets are open. Started bots keep their status:
// their runners reconnect on their own (a restart or deploy must not stop every bot); a bot that does
// not come back within the grace time is set offline by the orphan sweep (stuck-bots.ts). Alone, a
// bot that was stopping has ended meanwhile and is set offline now; with other instances it may be
// stopping on one of them, and the stuck sweep ends it if it never confirms.
import { botLogMessages } from "@dsbot/protocol";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbotLogs, dsbots, websocketConnections } from "../../db/schema.js";
import { removeStaleConnections } from "../instances/index.js";

export async function resetLiveBotState(db: Database, shared: boolean): Promise<void> {
  if (shared) {
    await removeStaleConnections(db);
    return;
  }
  await db.transaction(async (tx) => {
    await tx.delete(websocketConnections);
    const stopped = await tx
      .update(dsbots)
      .set({ status: "offline", startedByRunnerTokenId: null, updatedAt: new Date() })
      .where(eq(dsbots.status, "stopping"))
      .returning({ id: dsbots.id });
    if (stopped.length > 0) {
      await tx
        .insert(dsbotLogs)
        .values(stopped.map(({ id }) => ({ dsbotId: id, level: "warn" as const, message: botLogMessages.serverRestarted, userId: null })));
    }
  });
}
