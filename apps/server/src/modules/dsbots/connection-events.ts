// Tell a bot's audience that a runner or bot socket came or went (the websocket-connection realtime messages).
import type { BotContext } from "../../platform/app-context.js";
import type { WebsocketConnectionRow } from "../../db/schema.js";

export async function emitConnectionsChanged(
  ctx: Pick<BotContext, "events">,
  change: "created" | "deleted",
  rows: WebsocketConnectionRow[],
  runnerName: string | null,
): Promise<void> {
  if (rows.length > 0) await ctx.events.emit("bot.connections-changed", { change, connections: rows, runnerName });
}
