// A toast is dismissed by a swipe of 20px or a velocity of 0.11 px/ms. sonner 2 hard-codes
// 45px (SWIPE_THRESHOLD, not configurable), so the toaster wrapper dismisses the 20–45px swipes itself.

export const SWIPE_THRESHOLD = 20;
export const SWIPE_VELOCITY = 0.11;
/** sonner's own built-in distance; swipes at or beyond it (or faster than the velocity) it dismisses itself. */
export const SONNER_SWIPE_THRESHOLD = 45;

export type SwipeDirection = "top" | "bottom" | "left" | "right";

export interface SwipeSample {
  dx: number;
  dy: number;
  /** Milliseconds between pointer down and up. */
  ms: number;
  /** Allowed directions (sonner: the toaster position, e.g. bottom-right → bottom, right). */
  directions: readonly SwipeDirection[];
}

/** The swipe along its dominant axis, or null when it goes in a direction that is not allowed. */
function allowedAmount({ dx, dy, directions }: SwipeSample): number | null {
  if (Math.abs(dx) > Math.abs(dy)) {
    return directions.includes(dx > 0 ? "right" : "left") ? Math.abs(dx) : null;
  }
  if (dy === 0) return null;
  return directions.includes(dy > 0 ? "bottom" : "top") ? Math.abs(dy) : null;
}

/** Whether the rule above dismisses this swipe: ≥ 20px or faster than 0.11 px/ms in an allowed direction. */
export function shouldDismissSwipe(sample: SwipeSample): boolean {
  const amount = allowedAmount(sample);
  if (amount === null) return false;
  const velocity = amount / Math.max(sample.ms, 1);
  return amount >= SWIPE_THRESHOLD || velocity > SWIPE_VELOCITY;
}

/** Whether sonner already dismisses this swipe on its own (so the wrapper must not do it twice). */
export function sonnerDismissesSwipe(sample: SwipeSample): boolean {
  const amount = allowedAmount(sample);
  if (amount === null) return false;
  const velocity = amount / Math.max(sample.ms, 1);
  return amount >= SONNER_SWIPE_THRESHOLD || velocity > SWIPE_VELOCITY;
}

export function directionsFor(position: `${"top" | "bottom"}-${"left" | "right" | "center"}`): SwipeDirection[] {
  const [y, x] = position.split("-") as [SwipeDirection, SwipeDirection | "center"];
  return x === "center" ? [y] : [y, x];
}
