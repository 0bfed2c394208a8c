// Modules the sandbox runner does not execute yet: they say so in the bot log (debug) at their own
// interval and change nothing in the game.
import { moduleRegistry, type ModuleName } from "@dsbot/protocol";
import type { BotModule } from "./module.js";

const DEFAULT_INTERVAL_MS = 30 * 60_000;

function configuredInterval(config: object): number {
  const { intervalSeconds, intervalMinutes } = config as { intervalSeconds?: unknown; intervalMinutes?: unknown };
  if (typeof intervalSeconds === "number") return intervalSeconds * 1000;
  if (typeof intervalMinutes === "number") return intervalMinutes * 60_000;
  return DEFAULT_INTERVAL_MS;
}

export function stubModule<N extends ModuleName>(name: N): BotModule<N> {
  return {
    name,
    intervalMs: configuredInterval,
    async run(ctx) {
      ctx.log("debug", `Modul „${moduleRegistry[name].label}“ ist im Sandbox-Runner noch nicht umgesetzt`);
    },
  };
}
