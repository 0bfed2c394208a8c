// Auge: reads the game's command list at its interval and reports every incoming attack to
// the server, which keeps the list, works out likely units and noble trains and notifies of nobles.
// Outgoing commands are counted in the log line when the config scans them. The game shows no units of
// an incoming command, so none are reported. The log names the next arrival by its time on the world's
// clock: a line read later stays true (a scout a minute from landing is gone when the player looks, and
// "in 1 min" alone then reads as the next attack).
import { DEFAULT_SERVER_TIME_ZONE, formatServerTime, type BotIncoming, type GameCommand } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";

const messages = moduleMessages.commandScanner;

/** An incoming attack as the server takes it (supports and returns are no threat). */
export function toBotIncoming(command: GameCommand): BotIncoming | null {
  if (command.direction !== "incoming" || command.kind !== "attack") return null;
  return {
    commandId: command.id,
    origin: { villageId: command.from.villageId || null, x: command.from.x, y: command.from.y, name: null, playerName: command.from.playerName },
    target: { villageId: command.to.villageId || null, x: command.to.x, y: command.to.y, name: null },
    arrivesAt: command.arrivesAt,
    label: command.label || null,
  };
}

/** "Auge: 11 eingehende Angriffe · nächste Ankunft um 13:36:00 (in 95 min) · 2 ausgehende Befehle" (times in game ms). */
export function commandScanSummary(incoming: number, outgoing: number | null, soonest: number | null, now: number, zone = DEFAULT_SERVER_TIME_ZONE): string {
  const parts = [messages.incoming(incoming)];
  if (soonest !== null) {
    const clock = formatServerTime(soonest, zone).slice(9, 17);
    parts.push(messages.nextArrival(clock, Math.max(0, Math.round((soonest - now) / 60_000))));
  }
  if (outgoing !== null) parts.push(messages.outgoing(outgoing));
  return messages.summary(parts);
}

export function createCommandScannerModule(): BotModule<"command-scanner"> {
  return {
    name: "command-scanner",
    intervalMs: (config) => config.intervalSeconds * 1000,
    async run(ctx) {
      const result = await ctx.driver.getCommands();
      if (!result.ok) {
        ctx.log("warn", messages.readFailed(result.error));
        return;
      }
      const now = ctx.driver.now();
      const incomings = ctx.config.scanIncomings ? result.value.map(toBotIncoming).filter((c): c is BotIncoming => c !== null) : [];
      if (ctx.config.scanIncomings) ctx.session.reportIncomings({ scannedAt: now, incomings });
      const outgoing = ctx.config.scanOutgoing ? result.value.filter((c) => c.direction === "outgoing").length : null;
      const soonest = incomings.length > 0 ? Math.min(...incomings.map((c) => c.arrivesAt)) : null;
      ctx.log("info", commandScanSummary(incomings.length, outgoing, soonest, now, ctx.timeZone));
    },
  };
}
