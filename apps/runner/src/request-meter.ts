// The per-bot request budget: every call the bot's driver makes to the game counts (its
// clock and login state are local and do not); a captcha answer counts as a bot-protection check. Above
// the budget per hour the scheduler holds the modules (not the gates, not timed sends) until the oldest
// requests of the hour fall out. The bot reports the meter to the server every minute.
import { BOT_REQUEST_BUDGET_PER_HOUR, type BotUsage, type GameDriver, type ModuleName } from "@dsbot/protocol";
import { budgetMessages } from "./messages.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export class RequestMeter {
  /** Times (runner clock, ms) of the requests of the last hour and the captchas of the last day, oldest first. */
  private readonly requests: number[] = [];
  private readonly captchas: number[] = [];

  constructor(
    private readonly now: () => number,
    readonly budgetPerHour = BOT_REQUEST_BUDGET_PER_HOUR,
  ) {}

  request(): void {
    this.requests.push(this.now());
  }

  captcha(): void {
    this.captchas.push(this.now());
  }

  private prune(): void {
    const now = this.now();
    while (this.requests.length > 0 && (this.requests[0] as number) <= now - HOUR_MS) this.requests.shift();
    while (this.captchas.length > 0 && (this.captchas[0] as number) <= now - DAY_MS) this.captchas.shift();
  }

  /** The hour's budget is spent: modules wait. */
  throttled(): boolean {
    this.prune();
    return this.requests.length >= this.budgetPerHour;
  }

  /** When the budget frees up again (the oldest counted request leaves the hour), runner clock ms. */
  freesAt(): number {
    this.prune();
    const index = this.requests.length - this.budgetPerHour;
    return index < 0 ? this.now() : (this.requests[index] as number) + HOUR_MS;
  }

  usage(): BotUsage {
    this.prune();
    return { requestsLastHour: this.requests.length, budgetPerHour: this.budgetPerHour, captchasLast24h: this.captchas.length, throttled: this.requests.length >= this.budgetPerHour };
  }
}

/** Local answers, no request to the game. */
const local = new Set<keyof GameDriver>(["now", "isLoggedIn", "logout", "solveBotProtection"]);

/** The driver with every game request counted by the meter. */
export function meteredDriver(driver: GameDriver, meter: RequestMeter): GameDriver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function" || local.has(property as keyof GameDriver)) return typeof value === "function" ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        meter.request();
        const result = (await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as { ok?: boolean; code?: string } | undefined;
        if (result && result.ok === false && result.code === "captcha") meter.captcha();
        return result;
      };
    },
  });
}

/** Modules that run whatever the budget: the gates, and the timed sends (their requests are the point). */
const unmetered = new Set<ModuleName>(["timer", "relogin", "attack-planner-scanner"]);

/** The scheduler's question "may this module run now?": not above the budget; logs each change once. */
export function budgetGate(meter: RequestMeter, log: (level: "info" | "warn", message: string) => void, now: () => number): (name: ModuleName) => boolean {
  let holding = false;
  return (name) => {
    if (unmetered.has(name)) return true;
    const throttled = meter.throttled();
    if (throttled && !holding) {
      const usage = meter.usage();
      log("warn", budgetMessages.spent(usage.requestsLastHour, usage.budgetPerHour, Math.max(1, Math.ceil((meter.freesAt() - now()) / 60_000))));
    } else if (!throttled && holding) log("info", budgetMessages.free);
    holding = throttled;
    return !throttled;
  };
}
