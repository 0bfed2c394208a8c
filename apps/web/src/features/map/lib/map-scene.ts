// Builds what the renderer and the hit test need from the world data and the user's choices:
// the spatial index once per data version, colours and the far-out bitmap per change of choices.
import { useMemo } from "react";
import type { WorldData } from "@/lib/world-data";
import type { MapMark } from "./classify";
import { classifyVillages, paletteOf } from "./classify";
import { buildBitmap } from "./renderer";
import { buildSpatialIndex } from "./spatial-index";

export function useMapLayers(data: WorldData, ownPlayerIds: ReadonlySet<number>, marks: readonly MapMark[]) {
  const index = useMemo(() => buildSpatialIndex(data.villages.x, data.villages.y, data.villages.count), [data]);
  const colors = useMemo(
    () => classifyVillages({ villages: data.villages, allyOf: (id) => data.players.get(id)?.allyId, ownPlayerIds, marks }),
    [data, ownPlayerIds, marks],
  );
  const palette = useMemo(() => paletteOf(marks), [marks]);
  const bitmap = useMemo(() => buildBitmap({ villages: data.villages, colors, palette }), [data, colors, palette]);
  return { index, colors, palette, bitmap };
}
