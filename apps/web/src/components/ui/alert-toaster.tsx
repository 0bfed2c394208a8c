// The one toaster of the app: bottom-right, expanded stack, 3 visible, 356px wide,
// gap 14px, 4000 ms for a toast without its own duration (alerts bring 5000 ms and count it in
// lib/toast-lifetime). A click or a 20px swipe (see swipe-dismiss.ts) dismisses a toast; the
// countdowns pause while the toaster is hovered, focused or touched, or the page is hidden. sonner loads
// with the first alert (lib/sonner-loader); its Toaster mounts then and shows what was raised so far.
import {
  useCallback,
  useEffect,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from "react";
import { commonTexts } from "@/config/texts";
import { loadedSonner, subscribeSonner } from "@/lib/sonner-loader";
import { pauseToastLifetimes } from "@/lib/toast-lifetime";
import { directionsFor, shouldDismissSwipe, sonnerDismissesSwipe } from "./swipe-dismiss";

export const TOASTER_POSITION = "bottom-right" as const;
export const TOAST_DURATION = 4000;
export const TOAST_VISIBLE = 3;
export const TOAST_WIDTH = 356;
export const TOAST_GAP = 14;
/** A press that moved at most this far (px) is a click; anything longer is a drag that keeps the toast. */
export const CLICK_SLOP = 5;

const directions = directionsFor(TOASTER_POSITION);
/** Controls inside a toast keep their own meaning on a click (the close button closes, an action acts). */
const CONTROLS = "button, a, input, select, textarea, [role='button']";

interface SwipeStart {
  x: number;
  y: number;
  time: number;
  toastId: string;
}

function toastIdOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element) || target.closest(CONTROLS)) return null;
  const item = target.closest("[data-sonner-toast]");
  if (!item || item.getAttribute("data-dismissible") === "false") return null;
  return item.querySelector("[data-alert-id]")?.getAttribute("data-alert-id") ?? null;
}

type PauseReason = "hover" | "focus" | "pointer" | "hidden";

/**
 * Why the countdowns are held; any reason holds them all, as sonner's hover pause does. Focus and
 * presses come from the toaster's own events; hover, release and page visibility from the document,
 * because a toast removed under the pointer leaves the toaster without a mouseleave.
 */
function usePauseReasons(root: RefObject<HTMLDivElement | null>) {
  const reasons = useRef(new Set<PauseReason>());

  const update = useCallback((reason: PauseReason, active: boolean) => {
    if (active) reasons.current.add(reason);
    else reasons.current.delete(reason);
    pauseToastLifetimes(reasons.current.size > 0);
  }, []);

  useEffect(() => {
    const node = root.current;
    const onVisibility = () => update("hidden", document.hidden);
    const onPointerEnd = () => update("pointer", false);
    const onMouseMove = (event: MouseEvent) => update("hover", event.target instanceof Node && !!node?.contains(event.target));
    const onMouseOut = (event: MouseEvent) => {
      if (!event.relatedTarget) update("hover", false); // the pointer left the window
    };
    // A toast that is removed (closed by its button, a click or a swipe) takes the focus with it
    // without a blur; once the last one is gone, nothing is hovered until the pointer moves again.
    const observer = new MutationObserver(() => {
      if (!node?.contains(document.activeElement)) update("focus", false);
      if (!node?.querySelector("[data-sonner-toast]")) update("hover", false);
    });
    if (node) observer.observe(node, { childList: true, subtree: true });
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    document.addEventListener("mousemove", onMouseMove);
    document.addEventListener("mouseout", onMouseOut);
    window.addEventListener("pointerup", onPointerEnd);
    window.addEventListener("pointercancel", onPointerEnd);
    const active = reasons.current;
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
      document.removeEventListener("mousemove", onMouseMove);
      document.removeEventListener("mouseout", onMouseOut);
      window.removeEventListener("pointerup", onPointerEnd);
      window.removeEventListener("pointercancel", onPointerEnd);
      active.clear();
      pauseToastLifetimes(false);
    };
  }, [root, update]);

  return update;
}

/**
 * Wraps sonner's Toaster. Pointer, click and focus events of a toast bubble up here after sonner's own
 * handlers ran: swipes that sonner lets snap back (20–45px) and clicks are dismissed here, and the
 * countdowns are paused here because sonner's own timer cannot pause on focus.
 */
export function AlertToaster() {
  const root = useRef<HTMLDivElement>(null);
  const start = useRef<SwipeStart | null>(null);
  const dragged = useRef(false);
  const pause = usePauseReasons(root);
  const sonner = useSyncExternalStore(subscribeSonner, loadedSonner, loadedSonner);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    pause("pointer", true);
    dragged.current = false;
    if (event.button !== 0) return;
    const toastId = toastIdOf(event.target);
    start.current = toastId ? { x: event.clientX, y: event.clientY, time: Date.now(), toastId } : null;
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const begin = start.current;
    start.current = null;
    if (!begin) return;
    const sample = { dx: event.clientX - begin.x, dy: event.clientY - begin.y, ms: Date.now() - begin.time, directions };
    dragged.current = Math.hypot(sample.dx, sample.dy) > CLICK_SLOP;
    if (shouldDismissSwipe(sample) && !sonnerDismissesSwipe(sample)) sonner?.toast.dismiss(begin.toastId);
  };

  const onClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    const wasDragged = dragged.current;
    dragged.current = false;
    const toastId = toastIdOf(event.target);
    if (toastId && !wasDragged) sonner?.toast.dismiss(toastId);
  };

  return (
    <div
      ref={root}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
      onClick={onClick}
      onFocus={() => pause("focus", true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) pause("focus", false);
      }}
    >
      {sonner && (
        <sonner.Toaster
          position={TOASTER_POSITION}
          expand
          richColors
          closeButton
          theme="dark"
          duration={TOAST_DURATION}
          visibleToasts={TOAST_VISIBLE}
          gap={TOAST_GAP}
          // sonner has no width option; its --width variable (356px by default) is set from ours.
          style={{ "--width": `${TOAST_WIDTH}px` } as CSSProperties}
          swipeDirections={directions}
          containerAriaLabel={commonTexts.toasterLabel}
          toastOptions={{ closeButtonAriaLabel: commonTexts.closeToast }}
        />
      )}
    </div>
  );
}
