// Tell a bot's audience that a runner or bot socket came or went (the websocket-connection realtime messages).
import { realtimeMessage } from "@dsbot/protocol";
import type { BotContext } from "../../app-context.js";
import type { WebsocketConnectionRow } from "../../db/schema.js";
import { presentConnection } from "./dsbots.presenter.js";

export async function announceConnections(
  ctx: Pick<BotContext, "realtime">,
  change: "created" | "deleted",
  rows: WebsocketConnectionRow[],
  runnerName: string | null,
): Promise<void> {
  await Promise.all(
    rows.map((row) => {
      const data = { dsbotId: row.dsbotId, id: row.id, websocketConnection: presentConnection({ ...row, runnerName }) };
      const message =
        row.origin === "bot"
          ? realtimeMessage(change === "created" ? "bot-connection-created" : "bot-connection-deleted", data)
          : realtimeMessage(change === "created" ? "bot-user-connection-created" : "bot-user-connection-deleted", data);
      return ctx.realtime.toBotAudience(row.dsbotId, message);
    }),
  );
}
