// Pointer input of the map canvas: drag to pan (mouse, pen, one finger), pinch to zoom (two
// fingers), wheel to zoom around the cursor, tap/click to select, mouse hover. Positions are CSS
// pixels within the element.

export interface GestureHandlers {
  pan(dx: number, dy: number): void;
  /** factor > 1 zooms in around (sx, sy). */
  zoom(factor: number, sx: number, sy: number): void;
  tap(sx: number, sy: number): void;
  hover(sx: number, sy: number): void;
  leave(): void;
}

/** Movement (CSS px) after which a press is a drag, not a click. */
export const TAP_SLOP_PX = 5;

/** The zoom factor of one wheel event: lines and pages count as many pixels. */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-Math.max(-400, Math.min(400, pixels)) * 0.0018);
}

interface Pointer {
  x: number;
  y: number;
}

export function attachGestures(el: HTMLElement, handlers: GestureHandlers): () => void {
  const pointers = new Map<number, Pointer>();
  let moved = 0;
  let pinched = false;

  const local = (event: PointerEvent | WheelEvent): Pointer => {
    const rect = el.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const pair = () => {
    const [a, b] = [...pointers.values()] as [Pointer, Pointer];
    return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    el.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, local(event));
    if (pointers.size === 1) {
      moved = 0;
      pinched = false;
    } else pinched = true;
  };

  const onMove = (event: PointerEvent) => {
    const point = local(event);
    const previous = pointers.get(event.pointerId);
    if (!previous) {
      if (event.pointerType === "mouse") handlers.hover(point.x, point.y);
      return;
    }
    if (pointers.size >= 2) {
      const before = pair();
      pointers.set(event.pointerId, point);
      const after = pair();
      if (before.distance > 0) handlers.zoom(after.distance / before.distance, after.mid.x, after.mid.y);
      handlers.pan(after.mid.x - before.mid.x, after.mid.y - before.mid.y);
      return;
    }
    pointers.set(event.pointerId, point);
    const dx = point.x - previous.x;
    const dy = point.y - previous.y;
    moved += Math.abs(dx) + Math.abs(dy);
    if (moved > TAP_SLOP_PX) handlers.pan(dx, dy);
  };

  const onUp = (event: PointerEvent) => {
    const point = pointers.get(event.pointerId);
    if (!point) return;
    pointers.delete(event.pointerId);
    if (el.hasPointerCapture(event.pointerId)) el.releasePointerCapture(event.pointerId);
    if (event.type === "pointerup" && pointers.size === 0 && !pinched && moved <= TAP_SLOP_PX) handlers.tap(point.x, point.y);
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const point = local(event);
    handlers.zoom(wheelZoomFactor(event.deltaY, event.deltaMode), point.x, point.y);
  };

  const onLeave = (event: PointerEvent) => {
    if (!pointers.has(event.pointerId)) handlers.leave();
  };

  el.addEventListener("pointerdown", onDown);
  el.addEventListener("pointermove", onMove);
  el.addEventListener("pointerup", onUp);
  el.addEventListener("pointercancel", onUp);
  el.addEventListener("pointerleave", onLeave);
  el.addEventListener("wheel", onWheel, { passive: false });
  return () => {
    el.removeEventListener("pointerdown", onDown);
    el.removeEventListener("pointermove", onMove);
    el.removeEventListener("pointerup", onUp);
    el.removeEventListener("pointercancel", onUp);
    el.removeEventListener("pointerleave", onLeave);
    el.removeEventListener("wheel", onWheel);
  };
}
