// One ticking clock for every countdown on screen (Restzeit in the attack table, tab requests, plan
// list): a single interval shared by all subscribers, started by the first and stopped with the last.
import { useSyncExternalStore } from "react";

export const CLOCK_TICK_MS = 1000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time (epoch ms), re-rendering once a second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/** Time left as `H:MM:SS` (`1T 02:03:04` from a day on); 0 and below as `0:00:00`. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return days > 0 ? `${days}T ${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${hours}:${pad(minutes)}:${pad(seconds)}`;
}
