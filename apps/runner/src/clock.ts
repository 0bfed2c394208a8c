// Time for the runner's schedulers: the system clock in production, a manual one in tests and demos
// that must not wait in real time.
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ManualClock extends Clock {
  /** Move time forward, firing every timer that falls due on the way, in order. */
  advance(ms: number): void;
}

export function createManualClock(start: number): ManualClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const earliestDue = (until: number) => {
    let found: [number, { at: number; callback: () => void }] | undefined;
    for (const entry of timers) if (entry[1].at <= until && (!found || entry[1].at < found[1].at)) found = entry;
    return found;
  };
  return {
    now: () => current,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: current + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = current + ms;
      for (let due = earliestDue(target); due; due = earliestDue(target)) {
        timers.delete(due[0]);
        current = due[1].at;
        due[1].callback();
      }
      current = target;
    },
  };
}
