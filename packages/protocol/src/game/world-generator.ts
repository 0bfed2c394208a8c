// A deterministic world generator: villages spiralling out from 500|500, players with
// clusters of villages, tribes by region, barbarians and bonus villages (names in
// world-generator-names.ts), written in the game's own file formats by world-generator-files.ts
// (world-files.ts on the server reads them like any world's). The demo server imports its output
// through the real importer, and the sandbox the demo bots play in builds the same world from the
// same options, so the demo bots' players and villages are the ones on the map.
//
// Villages are numbered in spiral order and whether a cell holds a village depends only on the seed
// and the cell, so the villages of a smaller world are the inner ones of a larger world with the same
// seed (40k demo, 100k bench); the named players are the same in both.
import { seededRandom } from "../random.js";
import { playerName, tribeName, villageName } from "./world-generator-names.js";

export interface WorldGeneratorOptions {
  seed: number;
  /** Number of villages (1 … 250,000). */
  villages: number;
  /** Players placed first, a few fields from the centre, in one tribe (the demo bots' accounts). */
  namedPlayers?: readonly string[];
  namedTribe?: { name: string; tag: string };
}

export interface GeneratedVillage {
  id: number;
  name: string;
  x: number;
  y: number;
  /** 0 = barbarian. */
  playerId: number;
  points: number;
  /** 0 = no bonus; 1–8 the game's bonus types. */
  bonusId: number;
}

export interface GeneratedPlayer {
  id: number;
  name: string;
  /** 0 = in no tribe. */
  allyId: number;
  villages: number;
  points: number;
  rank: number;
}

export interface GeneratedAlly {
  id: number;
  name: string;
  tag: string;
  members: number;
  villages: number;
  points: number;
  allPoints: number;
  rank: number;
}

export interface GeneratedWorld {
  options: WorldGeneratorOptions;
  /** Ascending by id (= spiral order). */
  villages: GeneratedVillage[];
  /** Ascending by id. */
  players: GeneratedPlayer[];
  /** Ascending by id. */
  allies: GeneratedAlly[];
}

/** The demo world of `npm start` and the runner's sandbox (one seed, one world). */
export const DEMO_WORLD = {
  seed: 231,
  villages: 40_000,
  namedPlayers: ["Kalle", "Zora", "Bruno"],
  namedTribe: { name: "Demo-Stamm", tag: "DEMO" },
} as const satisfies WorldGeneratorOptions;

/** Grows whenever the generator's output changes, so a stored demo world is generated again. */
export const WORLD_GENERATOR_VERSION = 2;

/** The benchmark's world: the demo world's layout at 100k villages. */
export const BENCH_WORLD_VILLAGES = 100_000;

const CENTRE = 500;
const MAX_VILLAGES = 250_000;
/** Share of the cells of the settled area that hold a village. */
const DENSITY = 0.55;
const BARBARIAN_SHARE = 0.24;
const CLUSTER_RADIUS = 7;

// ---- randomness -------------------------------------------------------------------------------

/** A value in [0, 1) that depends only on the seed and the numbers given. */
function hash01(seed: number, ...values: number[]): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const v of values) {
    h = Math.imul(h ^ (v >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

// ---- the generator ------------------------------------------------------------------------------

interface Cell {
  x: number;
  y: number;
}

/** The first `count` settled cells in spiral order (by distance from the centre, then angle). */
function spiralCells(seed: number, count: number): Cell[] {
  const radius = Math.min(499, Math.ceil(Math.sqrt(count / (Math.PI * DENSITY)) * 1.15) + 8);
  const keys: number[] = [];
  const cells: Cell[] = [];
  for (let y = CENTRE - radius; y <= CENTRE + radius; y++) {
    for (let x = CENTRE - radius; x <= CENTRE + radius; x++) {
      const dx = x - CENTRE;
      const dy = y - CENTRE;
      const d2 = dx * dx + dy * dy;
      if (d2 > radius * radius) continue;
      if (hash01(seed, x, y, 1) >= DENSITY) continue;
      cells.push({ x, y });
      // distance first, angle breaks ties: one number that sorts the spiral
      keys.push(d2 * 2 + (Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI));
    }
  }
  if (cells.length < count) throw new Error(`Die Karte fasst höchstens ${cells.length} Dörfer.`);
  const order = cells.map((_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number));
  return order.slice(0, count).map((i) => cells[i] as Cell);
}

/** Cluster search offsets, nearest first. */
const clusterOffsets: readonly Cell[] = (() => {
  const list: Cell[] = [];
  for (let dy = -CLUSTER_RADIUS; dy <= CLUSTER_RADIUS; dy++) {
    for (let dx = -CLUSTER_RADIUS; dx <= CLUSTER_RADIUS; dx++) {
      if ((dx || dy) && dx * dx + dy * dy <= CLUSTER_RADIUS * CLUSTER_RADIUS) list.push({ x: dx, y: dy });
    }
  }
  return list.sort((a, b) => a.x * a.x + a.y * a.y - (b.x * b.x + b.y * b.y) || a.y - b.y || a.x - b.x);
})();

/** Points of a player's village: old (inner) villages are large. */
function playerVillagePoints(seed: number, id: number, distance: number): number {
  const age = Math.exp(-distance / 120);
  const r = hash01(seed, id, 2);
  return Math.max(26, Math.min(12_154, Math.round(26 + 11_000 * age * (0.35 + 0.65 * r) + 900 * hash01(seed, id, 3))));
}

function barbarianPoints(seed: number, id: number): number {
  const r = hash01(seed, id, 4);
  return Math.max(26, Math.round(26 + 1974 * r * r * r));
}

export function generateWorld(options: WorldGeneratorOptions): GeneratedWorld {
  const { seed } = options;
  const count = options.villages;
  if (!Number.isInteger(count) || count < 1 || count > MAX_VILLAGES) throw new Error(`Die Dorfzahl muss zwischen 1 und ${MAX_VILLAGES} liegen.`);
  const cells = spiralCells(seed, count);
  const villageAt = new Int32Array(1000 * 1000).fill(-1);
  cells.forEach((c, i) => (villageAt[c.y * 1000 + c.x] = i));
  const owner = new Int32Array(count).fill(-1); // player index, -2 = barbarian
  for (let i = 0; i < count; i++) if (hash01(seed, i, 5) < BARBARIAN_SHARE) owner[i] = -2;

  interface Draft {
    name: string;
    villages: number[];
    allyKey: string | null;
  }
  const drafts: Draft[] = [];
  const usedNames = new Set<string>();
  const rnd = seededRandom(seed ^ 0x5bd1e995);

  const claim = (player: number, home: number, size: number) => {
    const draft = drafts[player] as Draft;
    const start = cells[home] as Cell;
    if (owner[home] !== -1 && owner[home] !== -2) return;
    owner[home] = player;
    draft.villages.push(home);
    for (const o of clusterOffsets) {
      if (draft.villages.length >= size) break;
      const x = start.x + o.x;
      const y = start.y + o.y;
      if (x < 0 || y < 0 || x > 999 || y > 999) continue;
      const v = villageAt[y * 1000 + x] as number;
      if (v >= 0 && owner[v] === -1) {
        owner[v] = player;
        draft.villages.push(v);
      }
    }
  };

  // The named players: near the centre, a few villages each, in their own tribe.
  const named = options.namedPlayers ?? [];
  named.forEach((name, k) => {
    const angle = (2 * Math.PI * k) / Math.max(1, named.length) + 0.4;
    const tx = Math.round(CENTRE + 28 * Math.cos(angle));
    const ty = Math.round(CENTRE + 28 * Math.sin(angle));
    let home = -1;
    for (const o of [{ x: 0, y: 0 }, ...clusterOffsets]) {
      const v = villageAt[(ty + o.y) * 1000 + tx + o.x] ?? -1;
      if (v >= 0 && (owner[v] as number) < 0) {
        home = v;
        break;
      }
    }
    drafts.push({ name, villages: [], allyKey: options.namedTribe ? "named" : null });
    usedNames.add(name.toLowerCase());
    if (home >= 0) {
      owner[home] = -1;
      claim(drafts.length - 1, home, 3 + k);
    }
  });

  // Everybody else, in spiral order: each free village founds a player who takes the nearest free ones.
  for (let i = 0; i < count; i++) {
    if (owner[i] !== -1) continue;
    const u = Math.max(1e-9, hash01(seed, i, 6));
    const size = Math.min(90, Math.floor(Math.pow(u, -0.72)));
    let name = playerName(rnd);
    while (usedNames.has(name.toLowerCase())) name = `${playerName(rnd)} ${Math.floor(rnd() * 1000)}`;
    usedNames.add(name.toLowerCase());
    const home = cells[i] as Cell;
    const distance = Math.hypot(home.x - CENTRE, home.y - CENTRE);
    const inTribe = hash01(seed, i, 7) < 0.75 - Math.min(0.45, distance / 600);
    const region = `${Math.floor(home.x / 20)}:${Math.floor(home.y / 20)}:${Math.floor(hash01(seed, i, 8) * 3)}`;
    // Some neighbours of the named players join their tribe, so it is more than the demo bots.
    const joinsNamed = options.namedTribe !== undefined && inTribe && distance < 20 && hash01(seed, i, 12) < 0.2;
    drafts.push({ name, villages: [], allyKey: joinsNamed ? "named" : inTribe ? region : null });
    claim(drafts.length - 1, i, size);
  }

  // Villages with names and points.
  const villages: GeneratedVillage[] = cells.map((c, i) => {
    const id = i + 1;
    const o = owner[i] as number;
    const distance = Math.hypot(c.x - CENTRE, c.y - CENTRE);
    if (o < 0) {
      const bonus = hash01(seed, id, 9) < 0.08 ? 1 + Math.floor(hash01(seed, id, 10) * 8) : 0;
      return { id, name: bonus ? "Bonusdorf" : "Barbarendorf", x: c.x, y: c.y, playerId: 0, points: barbarianPoints(seed, id), bonusId: bonus };
    }
    const draft = drafts[o] as Draft;
    const nr = draft.villages.indexOf(i) + 1;
    const name = o < named.length ? `${draft.name}s Dorf ${nr}` : villageName(hash01(seed, id, 11), draft.name, nr, c);
    const bonus = hash01(seed, id, 9) < 0.015 ? 1 + Math.floor(hash01(seed, id, 10) * 8) : 0;
    return { id, name, x: c.x, y: c.y, playerId: o + 1, points: playerVillagePoints(seed, id, distance), bonusId: bonus };
  });

  // Tribes, numbered in order of first member.
  const allyIds = new Map<string, number>();
  const allyDrafts: { name: string; tag: string }[] = [];
  const usedTags = new Set<string>();
  const usedTribeNames = new Set<string>();
  const allyOf = (key: string): number => {
    const known = allyIds.get(key);
    if (known) return known;
    let name: string;
    let tag: string;
    if (key === "named" && options.namedTribe) ({ name, tag } = options.namedTribe);
    else ({ name, tag } = tribeName(rnd, usedTribeNames, usedTags, allyDrafts.length + 1));
    usedTribeNames.add(name);
    usedTags.add(tag);
    allyDrafts.push({ name, tag });
    allyIds.set(key, allyDrafts.length);
    return allyDrafts.length;
  };

  const players: GeneratedPlayer[] = drafts.map((d, i) => ({
    id: i + 1,
    name: d.name,
    allyId: d.allyKey ? allyOf(d.allyKey) : 0,
    villages: d.villages.length,
    points: d.villages.reduce((sum, v) => sum + (villages[v] as GeneratedVillage).points, 0),
    rank: 0,
  }));
  [...players].sort((a, b) => b.points - a.points || a.id - b.id).forEach((p, i) => (p.rank = i + 1));

  const allies: GeneratedAlly[] = allyDrafts.map((a, i) => ({ id: i + 1, name: a.name, tag: a.tag, members: 0, villages: 0, points: 0, allPoints: 0, rank: 0 }));
  for (const p of players) {
    if (!p.allyId) continue;
    const ally = allies[p.allyId - 1] as GeneratedAlly;
    ally.members++;
    ally.villages += p.villages;
    ally.points += p.points;
    ally.allPoints += p.points;
  }
  [...allies].sort((a, b) => b.points - a.points || a.id - b.id).forEach((a, i) => (a.rank = i + 1));

  return { options, villages, players, allies };
}
