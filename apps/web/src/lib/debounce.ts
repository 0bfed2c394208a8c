// The one debounce of the web app (default 100 ms). Callers with a delay of their own
// pass it: list searches 300 ms, the global search 1000 ms.
import { useEffect, useMemo, useRef, useState } from "react";

export const DEFAULT_DEBOUNCE_MS = 100;

export interface DebouncedFunction<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call, if any. */
  cancel: () => void;
}

/**
 * A stable function that runs the latest `fn` `ms` after its last call, with that call's arguments.
 * Every call restarts the wait; unmounting drops a pending call.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms = DEFAULT_DEBOUNCE_MS): DebouncedFunction<A> {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => clearTimeout(timer);
    const call = (...args: A) => {
      cancel();
      timer = setTimeout(() => latest.current(...args), ms);
    };
    return Object.assign(call, { cancel });
  }, [ms]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}

/** `value` once it has stayed the same for `ms`; the first render gives the initial value at once. */
export function useDebounced<T>(value: T, ms = DEFAULT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  const update = useDebouncedCallback((next: T) => setDebounced(() => next), ms);
  useEffect(() => update(value), [value, update]);
  return debounced;
}
