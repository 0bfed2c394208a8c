// Code that a first page does not need until the user reaches for it (the header's menus): loaded on
// intent (pointer over, press, focus) and kept for the rest of the session. A component renders its
// light stand-in until `module` is there, and hands `track` to the element the user reaches for. The
// swap mounts that element anew, so it waits for a press on it to end (the click lands on the element
// it started on) and moves the keyboard focus over to the new element.
import { useCallback, useLayoutEffect, useRef, useState } from "react";

const loaded = new Map<() => Promise<unknown>, unknown>();

export interface IntentImport<M> {
  /** The module once loaded (at once, when another component loaded it already). */
  module: M | null;
  /** Starts loading (again after a failed load); `track` calls it on pointer over, press and focus. */
  prime: () => void;
  /** A ref callback for the element the user reaches for. */
  track: (element: HTMLElement | null) => void;
}

export function useIntentImport<M>(load: () => Promise<M>): IntentImport<M> {
  const [module, setModule] = useState<M | null>(() => (loaded.get(load) as M | undefined) ?? null);
  const element = useRef<HTMLElement | null>(null);
  const pressed = useRef(false);
  const refocus = useRef(false);
  const loading = useRef(false);

  /** Runs once the press on the element ends (at once when there is none). */
  const afterPress = useRef<(() => void) | null>(null);

  const apply = useCallback((result: M) => {
    if (pressed.current) {
      afterPress.current = () => apply(result);
      return;
    }
    refocus.current = element.current !== null && element.current === document.activeElement;
    setModule(result);
  }, []);

  const prime = useCallback(() => {
    if (loading.current) return;
    const known = loaded.get(load) as M | undefined;
    if (known) return;
    loading.current = true;
    load().then(
      (result) => {
        loaded.set(load, result);
        apply(result);
      },
      (error: unknown) => {
        loading.current = false;
        console.error("[intent-import] the module could not be loaded", error);
      },
    );
  }, [load, apply]);

  // In the commit itself: a key pressed right after the swap must find the focus on the new element.
  useLayoutEffect(() => {
    if (!module || !refocus.current) return;
    refocus.current = false;
    element.current?.focus({ preventScroll: true });
  }, [module]);

  const track = useCallback((node: HTMLElement | null) => {
    element.current = node;
    if (!node) return;
    const onIntent = () => prime();
    const onPress = () => {
      pressed.current = true;
      const release = () => {
        window.removeEventListener("pointerup", release, true);
        window.removeEventListener("pointercancel", release, true);
        pressed.current = false;
        const pending = afterPress.current;
        afterPress.current = null;
        // The click event follows the pointerup in the same turn: swap after it.
        if (pending) setTimeout(pending, 0);
      };
      window.addEventListener("pointerup", release, true);
      window.addEventListener("pointercancel", release, true);
      prime();
    };
    node.addEventListener("pointerenter", onIntent);
    node.addEventListener("focusin", onIntent);
    node.addEventListener("pointerdown", onPress);
    return () => {
      node.removeEventListener("pointerenter", onIntent);
      node.removeEventListener("focusin", onIntent);
      node.removeEventListener("pointerdown", onPress);
    };
  }, [prime]);

  return { module, prime, track };
}
