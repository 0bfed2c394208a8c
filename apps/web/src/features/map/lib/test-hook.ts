// `window.__dsbotMap`: a tiny handle on the live map for e2e tests and the bench, so they assert on
// the view and draw times instead of pixels, and find a village's place on the screen.
import type { MapController } from "./map-controller";
import type { MapView, Point } from "./view";

export interface MapTestHook {
  readonly view: MapView;
  /** Milliseconds of each draw, the newest last (up to 2000). */
  readonly frameTimes: readonly number[];
  readonly lastDraw: { mode: string; villages: number; lines: number } | null;
  readonly villageCount: number;
  /** Attack plan lines the last draw stroked (those meeting the visible rect; 0 without a plan). */
  readonly overlayLines: number;
  /** Lines of the chosen attack plan loaded into the overlay (drawn or not). */
  readonly overlayTotal: number;
  readonly hovered: number;
  readonly selected: number;
  centerOn(x: number, y: number, scale?: number): void;
  setView(view: MapView): void;
  /** The page (client) coordinates of the middle of field x|y. */
  clientPointOf(x: number, y: number): Point;
  resetFrames(): void;
  /** true: frameTimes include the canvas's rasterisation (a pixel read-back after each draw). */
  timeRaster: boolean;
}

declare global {
  interface Window {
    __dsbotMap?: MapTestHook;
  }
}

export function installTestHook(controller: MapController, canvas: HTMLCanvasElement, state: () => { hovered: number; selected: number }): () => void {
  const hook: MapTestHook = {
    get view() {
      return controller.view;
    },
    get frameTimes() {
      return controller.frameTimes;
    },
    get lastDraw() {
      return controller.lastDraw;
    },
    get villageCount() {
      return controller.scene?.villages.count ?? 0;
    },
    get overlayLines() {
      return controller.lastDraw?.lines ?? 0;
    },
    get overlayTotal() {
      return controller.scene?.overlay?.count ?? 0;
    },
    get hovered() {
      return state().hovered;
    },
    get selected() {
      return state().selected;
    },
    centerOn: (x, y, scale) => controller.centerOn(x, y, scale),
    setView: (view) => controller.setView(view),
    clientPointOf: (x, y) => {
      const rect = canvas.getBoundingClientRect();
      const local = controller.screenOf(x, y);
      return { x: rect.left + local.x, y: rect.top + local.y };
    },
    get timeRaster() {
      return controller.timeRaster;
    },
    set timeRaster(value: boolean) {
      controller.timeRaster = value;
    },
    resetFrames: () => {
      controller.frameTimes.length = 0;
    },
  };
  window.__dsbotMap = hook;
  return () => {
    if (window.__dsbotMap === hook) delete window.__dsbotMap;
  };
}
