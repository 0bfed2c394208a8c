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
 * timer armed 100 ms early fired 195 ms late, and the attack left 134 ms after its moment. The process
 * is held that long per timed send, asleep but for the last SPIN_TAIL_MS.
 */
const SPIN_MS = 250;
/** A timed work that starts later than this is logged as a warning (the machine was too busy). */
const LATE_WARN_MS = 10;
/**
 * The wait before a timed work holds the thread but sleeps (Atomics.wait) until this close to the moment,
 * then spins the rest: a woken thread starts within a fraction of this. Spinning the whole SPIN_MS cost
 * 0.25 s of CPU per send, 83 % of a core at 1,000 sends in 5 minutes; on a busy 2-core machine the
 * operating system then took the CPU from the spinning runner right at the send (bench/send-lateness.mjs:
 * ten sends on one millisecond started 31–73 ms late). A sleeping thread is woken in time.
 */
const SPIN_TAIL_MS = 2;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Holds the thread (nothing else of the process runs meanwhile) for `ms`, asleep. */
function sleepBlocking(ms: number): void {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
}

/** A timed work waiting for its moment. */
interface Waiting {
  at: number;
  driver: GameDriver;
  /** Starts the work now (its moment has come), `left` ms before it (negative: late). */
  start(left: number): void;
}

/**
 * Every timed work of the process (all bot sessions) waiting for its moment. The one whose wait ends
 * starts, at once, every other whose moment has come too: ten bots sending on one millisecond leave
 * together, before the first one's log line and report (each send's own timer would start only after the
 * send before it, with its logging, had run: 3 ms a send on a busy machine).
 */
const waiting = new Set<Waiting>();

function startDue(): void {
  const due = [...waiting].filter((w) => w.at - w.driver.now() <= 0).sort((a, b) => a.at - b.at);
  for (const w of due) w.start(w.at - w.driver.now());
}

export class TimedWork {
  private readonly entries = new Set<Waiting & { cancel(): void; abandon?: () => void }>();

  constructor(
    private readonly clock: Clock,
    /** True once the session ended: a timer that fires then does nothing. */
    private readonly ended: () => boolean,
    private readonly log: (level: LogLevel, message: string) => void,
  ) {}

  /** How many timed works are waiting for their moment. */
  get count(): number {
    return this.entries.size;
  }

  /**
   * Work at a game time (the driver's clock), to the millisecond: the timer is armed SPIN_MS early and
   * the last gap is closed on the spot, holding the thread (asleep, then spinning SPIN_TAIL_MS): a timer
   * fires late on a busy machine, an early one plus a short wait does not. Dropped when the session
   * ends; answers a cancel. `abandon` is what to do instead when the work cannot be done (see `abandon`).
   */
  at(driver: GameDriver, at: number, work: () => Promise<void>, abandon?: () => void): () => void {
    let handle: unknown;
    // Work asked for a moment already past starts at once; only a delay of our own is worth a warning.
    const inFuture = at > driver.now();
    const entry = {
      at,
      driver,
      abandon,
      start: (left: number) => {
        entry.cancel();
        if (this.ended()) return;
        work().catch((error: unknown) => this.log("error", sessionMessages.workFailed(error instanceof Error ? error.message : String(error))));
        // Logged after the works starting with this one have left.
        if (inFuture && -left > LATE_WARN_MS) setImmediate(() => this.log("warn", sessionMessages.workLate(-left)));
      },
      cancel: () => {
        this.clock.clearTimeout(handle);
        this.entries.delete(entry);
        waiting.delete(entry);
      },
    };
    const arm = (ms: number) => {
      handle = this.clock.setTimeout(() => {
        if (this.ended()) return entry.cancel();
        let left = at - driver.now();
        if (left > SPIN_MS) return arm(left - SPIN_MS);
        // Bounded by the wall clock: a manual clock (tests) does not move while we wait here.
        const until = Date.now() + SPIN_MS + 5;
        while (left > 0 && Date.now() < until) {
          if (left > SPIN_TAIL_MS) sleepBlocking(Math.min(left - SPIN_TAIL_MS, until - Date.now()));
          left = at - driver.now();
        }
        if (left > 0) return arm(left);
        entry.start(left);
        startDue();
      }, Math.max(0, ms));
    };
    this.entries.add(entry);
    waiting.add(entry);
    arm(at - driver.now() - SPIN_MS);
    return entry.cancel;
  }

  /**
   * The bot cannot do its waiting work (the game's bot protection holds it): every work that said what to
   * do instead is dropped and does that (an attack goes back to the server as a tab request); answers how many.
   */
  abandon(): number {
    let abandoned = 0;
    for (const entry of [...this.entries]) {
      if (!entry.abandon) continue;
      entry.cancel();
      abandoned++;
      try {
        entry.abandon();
      } catch (error) {
        this.log("error", sessionMessages.workFailed(error instanceof Error ? error.message : String(error)));
      }
    }
    return abandoned;
  }

  /** Drops every waiting work (the session ends). */
  clear(): void {
    for (const entry of [...this.entries]) entry.cancel();
  }
}
