// A change of what a user may see (role, grant revoked, bot deleted) takes effect on that user's open
// sockets at once: bot sockets for bots out of sight are cut (the disconnect handler sets the bot
// offline), and the user's runners lose their connections to such bots (announced to the owners).
import type { BotContext } from "../platform/app-context.js";
import { connectionRowsOfUser, deleteConnections, emitConnectionsChanged } from "../modules/dsbots/index.js";
import { botsVisibleTo } from "../policies/dsbots.policy.js";

export async function recheckUserSockets(ctx: BotContext, userId: number): Promise<void> {
  const [sockets, runnerRows] = await Promise.all([ctx.sockets.socketsOfUser(userId), connectionRowsOfUser(ctx.db, userId, "bot-user")]);
  const botSockets = sockets.filter((s) => s.origin === "bot" && s.dsbotId !== null);
  const visible = await botsVisibleTo(ctx.db, userId, [...botSockets.map((s) => s.dsbotId as number), ...runnerRows.map((r) => r.dsbotId)]);
  for (const socket of botSockets) if (!visible.has(socket.dsbotId as number)) socket.disconnect();
  const lost = runnerRows.filter((row) => !visible.has(row.dsbotId));
  await deleteConnections(ctx.db, lost.map((row) => row.id));
  await emitConnectionsChanged(ctx, "deleted", lost, null);
}
