// Continents: the map's 10 × 10 blocks of 100 × 100 fields, named K{⌊y/100⌋}{⌊x/100⌋}
// (the y digit first): 512|487 lies in K45.
import { isCoord, type Coord } from "./coords.js";

/** 0..99: ⌊y/100⌋ × 10 + ⌊x/100⌋. Throws a RangeError for anything but a coordinate 0..999. */
export function continentNumber(coord: Coord): number {
  if (!isCoord(coord)) throw new RangeError(`Keine gültige Koordinate: ${coord.x}|${coord.y}`);
  return Math.floor(coord.y / 100) * 10 + Math.floor(coord.x / 100);
}

/** "K45" for 512|487; always two digits ("K05"). */
export function continent(coord: Coord): string {
  return formatContinent(continentNumber(coord));
}

export function formatContinent(continentNo: number): string {
  if (!Number.isInteger(continentNo) || continentNo < 0 || continentNo > 99) throw new RangeError(`Kein Kontinent: ${continentNo}`);
  return `K${String(continentNo).padStart(2, "0")}`;
}

/** "K45", "k45", "45" or "K5" → 45 / 5; null for anything else. */
export function parseContinent(input: string): number | null {
  const match = /^\s*[Kk]?\s*(\d{1,2})\s*$/.exec(input);
  return match ? Number(match[1]) : null;
}
