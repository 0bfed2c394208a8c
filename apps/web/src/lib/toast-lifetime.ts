// Auto-close countdowns of the app's toasts (closed after their duration, paused while the
// toaster is hovered, focused or touched). sonner 2 pauses only on hover and touch and cannot be paused
// from outside, so lib/alerts hands its toasts to sonner without a duration and closes them from here.

interface Lifetime {
  /** Milliseconds still to go when the countdown (re)starts. */
  remaining: number;
  /** Date.now() when the running countdown started; null while paused. */
  runningSince: number | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  close: () => void;
}

const lifetimes = new Map<string, Lifetime>();
let paused = false;

function run(id: string, lifetime: Lifetime): void {
  lifetime.runningSince = Date.now();
  lifetime.timer = setTimeout(() => {
    lifetimes.delete(id);
    lifetime.close();
  }, lifetime.remaining);
}

function hold(lifetime: Lifetime): void {
  clearTimeout(lifetime.timer);
  if (lifetime.runningSince !== null) lifetime.remaining -= Date.now() - lifetime.runningSince;
  lifetime.runningSince = null;
}

/** Starts the countdown of toast `id` (again, for a toast that replaces one with the same id). */
export function startToastLifetime(id: string, ms: number, close: () => void): void {
  endToastLifetime(id);
  if (!Number.isFinite(ms)) return;
  const lifetime: Lifetime = { remaining: ms, runningSince: null, timer: undefined, close };
  lifetimes.set(id, lifetime);
  if (!paused) run(id, lifetime);
}

/** Forgets the countdown of a toast that closed some other way. */
export function endToastLifetime(id: string): void {
  clearTimeout(lifetimes.get(id)?.timer);
  lifetimes.delete(id);
}

/** Holds or resumes every countdown at once, as sonner's hover pause holds the whole stack. */
export function pauseToastLifetimes(pause: boolean): void {
  if (pause === paused) return;
  paused = pause;
  for (const [id, lifetime] of lifetimes) {
    if (paused) hold(lifetime);
    else run(id, lifetime);
  }
}

/** Drops every countdown without closing its toast (the test setup calls it after each test, so no
 * countdown of one test fires after its DOM is gone). */
export function clearToastLifetimes(): void {
  for (const lifetime of lifetimes.values()) clearTimeout(lifetime.timer);
  lifetimes.clear();
  paused = false;
}
