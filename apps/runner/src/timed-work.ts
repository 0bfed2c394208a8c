// A bot session's work at a game time (attacks to send), to the millisecond: the timers waiting for
// their moment, which a cancel or the session's end clears.
import type { GameDriver, LogLevel } from "@dsbot/protocol";
import type { Clock } from "./clock.js";
import { sessionMessages } from "./messages.js";

/**
 * Work at a game time wakes this early and waits out the rest on the spot (see `at`): whatever else
 * the process does (another bot's module, a socket message, a garbage collection of the sandbox's
 * world) or a busy machine delays the wake-up by up to this much without delaying the work. A 100 ms
 * margin was not enough on a 2-core machine running two browsers beside the server and the runner: a
 * timer armed 100 ms early fired 195 ms late, and the attack left 134 ms after its moment. At most
 * 0.25 s of CPU per timed send (less when the wake-up is late, which is when it matters).
 */
const SPIN_MS = 250;
/** A timed work that starts later than this is logged as a warning (the machine was too busy). */
const LATE_WARN_MS = 10;

export class TimedWork {
  private readonly timers = new Set<unknown>();

  constructor(
    private readonly clock: Clock,
    /** True once the session ended: a timer that fires then does nothing. */
    private readonly ended: () => boolean,
    private readonly log: (level: LogLevel, message: string) => void,
  ) {}

  /** How many timed works are waiting for their moment. */
  get count(): number {
    return this.timers.size;
  }

  /**
   * Work at a game time (the driver's clock), to the millisecond: the timer is armed SPIN_MS early and
   * the last gap is closed on the spot (a timer fires late on a busy machine, an early one plus a short
   * wait does not). Dropped when the session ends; answers a cancel.
   */
  at(driver: GameDriver, at: number, work: () => Promise<void>): () => void {
    let handle: unknown;
    let cancelled = false;
    // Work asked for a moment already past starts at once; only a delay of our own is worth a warning.
    const inFuture = at > driver.now();
    const arm = (ms: number) => {
      handle = this.clock.setTimeout(() => {
        this.timers.delete(handle);
        if (this.ended() || cancelled) return;
        let left = at - driver.now();
        if (left > SPIN_MS) return arm(left - SPIN_MS);
        // Bounded by the wall clock: a manual clock (tests) does not move while we wait here.
        const until = Date.now() + SPIN_MS + 5;
        while (left > 0 && Date.now() < until) left = at - driver.now();
        if (left > 0) return arm(left);
        work().catch((error: unknown) => this.log("error", sessionMessages.workFailed(error instanceof Error ? error.message : String(error))));
        if (inFuture && -left > LATE_WARN_MS) this.log("warn", sessionMessages.workLate(-left));
      }, Math.max(0, ms));
      this.timers.add(handle);
    };
    arm(at - driver.now() - SPIN_MS);
    return () => {
      cancelled = true;
      this.clock.clearTimeout(handle);
      this.timers.delete(handle);
    };
  }

  /** Drops every waiting work (the session ends). */
  clear(): void {
    for (const handle of this.timers) this.clock.clearTimeout(handle);
    this.timers.clear();
  }
}
