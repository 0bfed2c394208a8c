// Timer: outside the active hours (and during random breaks) the bot runs no other module. It logs
// each change between working and resting once.
import type { ModuleConfig } from "@dsbot/protocol";
import { isActiveAt } from "./active-hours.js";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";

const MINUTE = 60_000;

const between = (ctx: ModuleContext, min: number, max: number) => Math.round(min + ctx.random() * (max - min)) * MINUTE;

export function createTimerModule(): BotModule<"timer"> {
  let resting: boolean | null = null;
  let nextBreakAt: number | null = null;
  let breakUntil: number | null = null;

  /** Breaks only happen inside the active hours; leaving them resets the break plan. */
  function onBreak(ctx: ModuleContext<"timer">, breaks: ModuleConfig<"timer">["breaks"]): boolean {
    const now = ctx.now();
    if (breakUntil !== null && now >= breakUntil) {
      breakUntil = null;
      nextBreakAt = null;
    }
    if (breakUntil !== null) return true;
    nextBreakAt ??= now + between(ctx, breaks.everyMinutesMin, breaks.everyMinutesMax);
    if (now < nextBreakAt) return false;
    const length = between(ctx, breaks.lengthMinutesMin, breaks.lengthMinutesMax);
    breakUntil = now + length;
    ctx.log("info", moduleMessages.timer.breakStarted(length / MINUTE));
    return true;
  }

  return {
    name: "timer",
    intervalMs: () => 0,
    async run(ctx) {
      const active = isActiveAt(ctx.config.days, new Date(ctx.now()));
      if (!active) nextBreakAt = breakUntil = null;
      const rest = !active || (ctx.config.breaks.enabled && onBreak(ctx, ctx.config.breaks));
      if (rest !== resting) {
        if (!active) ctx.log("info", moduleMessages.timer.resting);
        else if (!rest) ctx.log("info", moduleMessages.timer.working);
        resting = rest;
      }
      return rest ? "halt" : "continue";
    },
  };
}
