// Small hand-made worlds for the filter's tests (the real WorldData comes from lib/world-data.ts).
import type { CoordsWorld, CoordsWorldAlly, CoordsWorldPlayer } from "./coords-world";

export interface FakeVillage {
  x: number;
  y: number;
  /** 0 = barbarian. */
  playerId: number;
  points: number;
}

export function fakeWorld(villages: readonly FakeVillage[], players: readonly CoordsWorldPlayer[] = [], allies: readonly CoordsWorldAlly[] = []): CoordsWorld {
  const byCoord = new Map<number, number>();
  villages.forEach((v, i) => byCoord.set(v.x * 1000 + v.y, i));
  const playerMap = new Map(players.map((p) => [p.id, p]));
  const allyMap = new Map(allies.map((a) => [a.id, a]));
  const lower = (s: string) => s.toLowerCase();
  return {
    villages: {
      playerIds: Uint32Array.from(villages, (v) => v.playerId),
      points: Uint32Array.from(villages, (v) => v.points),
    },
    players: playerMap,
    allies: allyMap,
    indexAt: (x, y) => byCoord.get(x * 1000 + y) ?? -1,
    playerByName: (name) => players.find((p) => lower(p.name) === lower(name)),
    allyByTagOrName: (query) => allies.find((a) => lower(a.tag) === lower(query) || lower(a.name) === lower(query)),
  };
}

/** The world of the example forum post: two tribes, four players, two barbarian villages. */
export const exampleVillages: readonly FakeVillage[] = [
  { x: 500, y: 500, playerId: 1, points: 1200 },
  { x: 501, y: 499, playerId: 1, points: 800 },
  { x: 498, y: 503, playerId: 0, points: 150 },
  { x: 510, y: 490, playerId: 2, points: 9000 },
  { x: 420, y: 455, playerId: 3, points: 3000 },
  { x: 450, y: 420, playerId: 0, points: 60 },
  { x: 555, y: 555, playerId: 4, points: 500 },
];
export const examplePlayers: readonly CoordsWorldPlayer[] = [
  { id: 1, name: "Anna Apfel", allyId: 11 },
  { id: 2, name: "Bert", allyId: 11 },
  { id: 3, name: "Carla", allyId: 12 },
  { id: 4, name: "Dora", allyId: 0 },
];
export const exampleAllies: readonly CoordsWorldAlly[] = [
  { id: 11, name: "Die Ersten", tag: "ERST" },
  { id: 12, name: "Zweite Reihe", tag: "Z&R" },
];
export const exampleWorld = fakeWorld(exampleVillages, examplePlayers, exampleAllies);

/** A forum post with BB-code, a duplicate, a coordinate without a village and numbers that are none. */
export const examplePost = [
  "[b]Ziele für Freitag[/b]",
  "Bitte Adelung auf [coord]500|500[/coord] und [coord]501|499[/coord].",
  "Fakes: 498|503, 510|490 (Bert), 420|455; Barbar bei 450|420.",
  "Nochmal: [coord]500|500[/coord]",
  "Bericht: Angreifer aus 555|555 (K55) – ein Dorf bei 777|777 gibt es nicht.",
  "Kein Ziel: 1234|567, Uhrzeit 12:30, Datum 24.12.",
].join("\n");
