// The map canvas without React: keeps the view and the canvas size, turns input into view changes,
// and draws at most once per animation frame (requestAnimationFrame coalescing) at the device's
// pixel ratio. React hands it the scene (villages, colours) and listens to hover, select and view.
import { attachGestures } from "./gestures";
import type { HitSource } from "./hit-test";
import { villageAtPoint } from "./hit-test";
import type { DrawScratch, DrawStats, MapScene } from "./renderer";
import { createScratch, drawMap } from "./renderer";
import type { MapView, Point, ViewSize, WorldRect } from "./view";
import { centerOn, clampView, fitRect, panBy, worldToScreen, zoomAt } from "./view";

export interface MapControllerEvents {
  /** The village under the mouse changed (-1: none). */
  onHover(index: number): void;
  /** A click or tap: the village there, or -1 for empty ground. */
  onSelect(index: number): void;
  /** After every change of the view (the caller debounces what it keeps). */
  onViewChange(view: MapView): void;
}

const KEY_PAN_PX = 80;
const KEY_ZOOM = 1.25;
/** Draw times kept for the test hook and the bench. */
const FRAME_HISTORY = 2000;

export class MapController {
  view: MapView;
  size: ViewSize = { width: 0, height: 0 };
  dpr = 1;
  scene: (MapScene & HitSource) | null = null;
  /** Milliseconds spent in each draw, the newest last. */
  readonly frameTimes: number[] = [];
  lastDraw: DrawStats | null = null;
  /** Include the canvas's rasterisation in frameTimes (the bench; costs a pixel read-back per frame). */
  timeRaster = false;

  private readonly ctx: CanvasRenderingContext2D | null;
  private scratch: DrawScratch | null = null;
  private frame = 0;
  private readonly detach: Array<() => void> = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: MapControllerEvents,
    initialView: MapView,
  ) {
    this.view = clampView(initialView);
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.detach.push(
      attachGestures(canvas, {
        pan: (dx, dy) => this.setView(panBy(this.view, dx, dy)),
        zoom: (factor, sx, sy) => this.setView(zoomAt(this.view, this.size, factor, sx, sy)),
        tap: (sx, sy) => this.events.onSelect(this.hit(sx, sy)),
        hover: (sx, sy) => this.events.onHover(this.hit(sx, sy)),
        leave: () => this.events.onHover(-1),
      }),
    );
    const onKey = (event: KeyboardEvent) => this.onKey(event);
    canvas.addEventListener("keydown", onKey);
    this.detach.push(() => canvas.removeEventListener("keydown", onKey));
    const parent = canvas.parentElement;
    if (parent && typeof ResizeObserver !== "undefined") {
      const observer = new ResizeObserver(() => this.resize());
      observer.observe(parent);
      this.detach.push(() => observer.disconnect());
    }
    this.resize();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const off of this.detach.splice(0)) off();
  }

  setScene(scene: (MapScene & HitSource) | null): void {
    this.scratch ??= createScratch();
    this.scene = scene;
    this.requestDraw();
  }

  setView(view: MapView): void {
    const next = clampView(view);
    if (next.cx === this.view.cx && next.cy === this.view.cy && next.scale === this.view.scale) return;
    this.view = next;
    this.events.onHover(-1);
    this.events.onViewChange(next);
    this.requestDraw();
  }

  centerOn(x: number, y: number, scale = this.view.scale): void {
    this.setView(centerOn(x, y, scale));
  }

  fit(rect: WorldRect): void {
    this.setView(fitRect(rect, this.size));
  }

  /** Zooms around the canvas centre (buttons, keys). */
  zoomBy(factor: number): void {
    this.setView(zoomAt(this.view, this.size, factor, this.size.width / 2, this.size.height / 2));
  }

  /** Where the middle of field x|y is, in CSS pixels within the canvas. */
  screenOf(x: number, y: number): Point {
    return worldToScreen(this.view, this.size, x + 0.5, y + 0.5);
  }

  requestDraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Draws now (the animation frame calls it; tests may too). */
  draw(): void {
    if (!this.ctx || this.size.width === 0 || this.size.height === 0) return;
    const started = performance.now();
    this.lastDraw = drawMap(this.ctx, this.size, this.dpr, this.view, this.scene, this.scratch);
    // Reading a pixel makes the canvas rasterise now, so the time includes the painting (bench only).
    if (this.timeRaster) this.ctx.getImageData(0, 0, 1, 1);
    this.frameTimes.push(performance.now() - started);
    if (this.frameTimes.length > FRAME_HISTORY) this.frameTimes.splice(0, this.frameTimes.length - FRAME_HISTORY);
  }

  private hit(sx: number, sy: number): number {
    return this.scene ? villageAtPoint(this.scene, this.view, this.size, sx, sy) : -1;
  }

  private resize(): void {
    const parent = this.canvas.parentElement;
    const width = parent?.clientWidth ?? 0;
    const height = parent?.clientHeight ?? 0;
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    if (width === this.size.width && height === this.size.height && dpr === this.dpr) return;
    this.size = { width, height };
    this.dpr = dpr;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    // Drawn at once: a resized canvas is blank until the next draw.
    this.draw();
  }

  private onKey(event: KeyboardEvent): void {
    const pan = event.shiftKey ? KEY_PAN_PX * 3 : KEY_PAN_PX;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.setView(panBy(this.view, pan, 0)),
      ArrowRight: () => this.setView(panBy(this.view, -pan, 0)),
      ArrowUp: () => this.setView(panBy(this.view, 0, pan)),
      ArrowDown: () => this.setView(panBy(this.view, 0, -pan)),
      "+": () => this.zoomBy(KEY_ZOOM),
      "=": () => this.zoomBy(KEY_ZOOM),
      "-": () => this.zoomBy(1 / KEY_ZOOM),
      _: () => this.zoomBy(1 / KEY_ZOOM),
    };
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  }
}
