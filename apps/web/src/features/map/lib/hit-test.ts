// Which village lies under a screen point: the field under it when zoomed in; the nearest village
// within a few pixels when zoomed out (fields are then smaller than a fingertip or a pointer).
import type { VillageMap } from "@dsbot/protocol";
import type { SpatialIndex } from "./spatial-index";
import { nearestVillage } from "./spatial-index";
import type { MapView, ViewSize } from "./view";
import { screenToWorld } from "./view";

/** Below this scale the exact field is too small to aim at. */
export const EXACT_HIT_SCALE = 6;
/** Search radius in CSS pixels when zoomed out. */
export const HIT_RADIUS_PX = 6;

export interface HitSource {
  villages: Pick<VillageMap, "x" | "y">;
  index: SpatialIndex;
  indexAt(x: number, y: number): number;
}

/** Column index of the village under the screen point (CSS pixels within the canvas), or -1. */
export function villageAtPoint(source: HitSource, view: MapView, size: ViewSize, sx: number, sy: number): number {
  const world = screenToWorld(view, size, sx, sy);
  const exact = source.indexAt(Math.floor(world.x), Math.floor(world.y));
  if (exact >= 0 || view.scale >= EXACT_HIT_SCALE) return exact;
  return nearestVillage(source.index, source.villages.x, source.villages.y, world.x, world.y, Math.max(0.75, HIT_RADIUS_PX / view.scale));
}
