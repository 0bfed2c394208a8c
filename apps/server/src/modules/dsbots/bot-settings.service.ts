// A bot's general settings (PATCH /api/dsbot/{id}): player, world and notes. Player and world are
// what the runner plays, so they change only while the bot is not running, checked in the same
// statement that writes them (a start racing the change cannot slip in between).
import type { BotUpdate } from "@dsbot/protocol";
import { botLogMessages, botSettingLabels, errorMessages } from "@dsbot/protocol";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dsbots } from "../../db/schema.js";
import type { DsbotRow, UserRow } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { addBotLog } from "./dsbot-logs.service.js";

export async function updateBotSettings(db: Database, actor: UserRow, bot: DsbotRow, input: BotUpdate): Promise<DsbotRow> {
  const identity = input.dsPlayer !== undefined || input.world !== undefined;
  const changed = (Object.keys(botSettingLabels) as (keyof typeof botSettingLabels)[]).filter((key) => input[key] !== undefined);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dsbots)
      .set({
        ...(input.dsPlayer ? { playerName: input.dsPlayer.name } : {}),
        ...(input.world ? { worldServer: input.world.server, worldWorld: input.world.world } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(dsbots.id, bot.id), identity ? or(isNull(dsbots.status), eq(dsbots.status, "offline")) : undefined))
      .returning();
    if (!updated) {
      const [still] = await tx.select({ id: dsbots.id }).from(dsbots).where(eq(dsbots.id, bot.id));
      throw still ? conflict(errorMessages.botRunningSettings) : notFound(errorMessages.botNotFound);
    }
    const fields = changed.map((key) => botSettingLabels[key]).join(", ");
    await addBotLog(tx, { dsbotId: bot.id, level: "info", message: botLogMessages.settingsChanged(fields), userId: actor.id });
    return updated;
  });
}
