// Relogin: when the game session is gone, log in again every retry interval up to the maximum tries.
// A bot-protection check (captcha) pauses the bot or keeps it retrying; either way the player is asked
// once (bot:needs-player: a notification and the tab request "Bot braucht dich" on the server), and once
// for rejected credentials, which no retry fixes.
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";

/** Also what the tests look for in the bot log. */
export const reloginMessages = moduleMessages.relogin;

export function createReloginModule(): BotModule<"relogin"> {
  let attempts = 0;
  let nextTryAt = 0;
  let gaveUp = false;
  /** One notification per lost login, not one per retry. */
  let playerAsked = false;

  return {
    name: "relogin",
    intervalMs: () => 0,
    async run(ctx) {
      if (ctx.driver.isLoggedIn()) {
        attempts = 0;
        nextTryAt = 0;
        gaveUp = false;
        playerAsked = false;
        return "continue";
      }
      if (gaveUp || ctx.now() < nextTryAt) return "halt";
      const { maxTries, retryIntervalSeconds, onCaptcha } = ctx.config;
      attempts += 1;
      const result = await ctx.driver.login();
      if (result.ok) {
        ctx.log("info", reloginMessages.succeeded(attempts));
        attempts = 0;
        playerAsked = false;
        return "continue";
      }
      nextTryAt = ctx.now() + retryIntervalSeconds * 1000;
      if ((result.code === "captcha" || result.code === "invalid_credentials") && !playerAsked) {
        playerAsked = true;
        await ctx.session.needsPlayer({ reason: result.code, message: result.error });
      }
      if (result.code === "captcha" && onCaptcha === "pause") {
        attempts = 0;
        await ctx.session.pause(reloginMessages.captchaPaused);
        return "halt";
      }
      ctx.log("warn", result.code === "captcha" ? reloginMessages.captchaTabRequest : reloginMessages.failed(attempts, maxTries, result.error));
      if (attempts >= maxTries) {
        gaveUp = true;
        ctx.log("error", reloginMessages.gaveUp(maxTries));
      }
      return "halt";
    },
  };
}
