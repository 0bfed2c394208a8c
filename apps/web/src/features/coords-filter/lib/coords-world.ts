// The part of the world data (lib/world-data.ts, WorldData) the coordinate filter needs: declared
// structurally here so the pure filter code and its tests do without the hook and the network.
import type { VillageMap } from "@dsbot/protocol";

export interface CoordsWorldPlayer {
  id: number;
  name: string;
  allyId: number;
}

export interface CoordsWorldAlly {
  id: number;
  name: string;
  tag: string;
}

export interface CoordsWorld {
  villages: Pick<VillageMap, "playerIds" | "points">;
  players: ReadonlyMap<number, CoordsWorldPlayer>;
  allies: ReadonlyMap<number, CoordsWorldAlly>;
  /** Column index of the village at x|y, or -1. */
  indexAt(x: number, y: number): number;
  /** Case-insensitive exact name. */
  playerByName(name: string): CoordsWorldPlayer | undefined;
  /** Case-insensitive exact tag or name. */
  allyByTagOrName(query: string): CoordsWorldAlly | undefined;
}
