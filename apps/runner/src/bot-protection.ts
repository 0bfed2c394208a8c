// The game's bot protection during play: the first captcha answer to a game request stops every further
// request of the bot until its player has solved it in their own game tab and said so ("Gelöst" on the
// bot page → bot:control "solved"). A captcha at login is the relogin module's (its "on captcha" setting).
import type { ActionResult, GameDriver, GameErrorCode } from "@dsbot/protocol";
import { sessionMessages } from "./messages.js";

/** Local answers and the login, which the relogin module judges itself. */
const notChecked = new Set<keyof GameDriver>(["now", "isLoggedIn", "logout", "solveBotProtection"]);

export interface ProtectionGate {
  /** True while the protection holds: no request goes out. */
  held(): boolean;
  /** A game request met the protection (the game's own words). */
  met(error: string): void;
}

const heldAnswer: { ok: false; error: string; code: GameErrorCode } = { ok: false, error: sessionMessages.protectionHeld, code: "captcha" };

/** The driver, refusing every game request while the gate holds, and telling the gate of a captcha during play. */
export function protectedDriver(driver: GameDriver, gate: ProtectionGate): GameDriver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (notChecked.has(property as keyof GameDriver)) return value.bind(target);
      return async (...args: unknown[]) => {
        if (gate.held()) return heldAnswer;
        const result = (await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as ActionResult<unknown> | undefined;
        if (property !== "login" && result && result.ok === false && result.code === "captcha") gate.met(result.error);
        return result;
      };
    },
  });
}
