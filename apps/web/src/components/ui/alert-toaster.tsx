// The one toaster of the app (spec §8/§9): bottom-right, expanded stack, 4000 ms toast default,
// 3 visible, 356px wide, gap 14px, and the 20px swipe-dismiss threshold (see swipe-dismiss.ts).
import { useRef, type PointerEvent as ReactPointerEvent } from "react";
import { toast, Toaster } from "sonner";
import { commonTexts } from "@/config/texts";
import { directionsFor, shouldDismissSwipe, sonnerDismissesSwipe } from "./swipe-dismiss";

export const TOASTER_POSITION = "bottom-right" as const;
export const TOAST_DURATION = 4000;
export const TOAST_VISIBLE = 3;
export const TOAST_WIDTH = 356;
export const TOAST_GAP = 14;

const directions = directionsFor(TOASTER_POSITION);

interface SwipeStart {
  x: number;
  y: number;
  time: number;
  toastId: string;
}

function toastIdOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element) || target.closest("button")) return null;
  const item = target.closest("[data-sonner-toast]");
  return item?.querySelector("[data-alert-id]")?.getAttribute("data-alert-id") ?? null;
}

/**
 * Wraps sonner's Toaster. Pointer events of a toast bubble up here after sonner's own handlers ran, so
 * swipes that sonner lets snap back (20–45px) are dismissed here; the rest stays sonner's business.
 */
export function AlertToaster() {
  const start = useRef<SwipeStart | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const toastId = toastIdOf(event.target);
    start.current = toastId ? { x: event.clientX, y: event.clientY, time: Date.now(), toastId } : null;
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const begin = start.current;
    start.current = null;
    if (!begin) return;
    const sample = { dx: event.clientX - begin.x, dy: event.clientY - begin.y, ms: Date.now() - begin.time, directions };
    if (shouldDismissSwipe(sample) && !sonnerDismissesSwipe(sample)) toast.dismiss(begin.toastId);
  };

  return (
    <div onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
      <Toaster
        position={TOASTER_POSITION}
        expand
        richColors
        closeButton
        theme="dark"
        duration={TOAST_DURATION}
        visibleToasts={TOAST_VISIBLE}
        gap={TOAST_GAP}
        swipeDirections={directions}
        containerAriaLabel={commonTexts.toasterLabel}
        toastOptions={{ closeButtonAriaLabel: commonTexts.closeToast }}
      />
    </div>
  );
}
