// The filter run on a pasted forum post (examples per filter) and its invariants (fast-check).
import { extractCoords, formatCoord, type Coord } from "@dsbot/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { examplePost, exampleWorld, fakeWorld, type FakeVillage } from "./fake-world";
import { dedupe, runFilter } from "./filter-pipeline";
import { defaultCoordsFilterSettings, ownerModes, outputFormats, type CoordsFilterSettings } from "./filter-settings";
import { formatOutput } from "./output-format";

const settings = (patch: Partial<CoordsFilterSettings> = {}): CoordsFilterSettings => ({ ...defaultCoordsFilterSettings, ...patch });
const result = (patch: Partial<CoordsFilterSettings> = {}, world = exampleWorld) => runFilter(examplePost, settings(patch), world).result.map(formatCoord);
const all = ["500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "555|555"];

describe("runFilter on a forum post", () => {
  it("extracts in order, lists the coordinate without a village apart and drops the duplicate", () => {
    const run = runFilter(examplePost, settings(), exampleWorld);
    expect(run.found).toBe(9);
    expect(run.result.map(formatCoord)).toEqual(all);
    expect(run.missing.map(formatCoord)).toEqual(["777|777"]);
    expect(run.steps.map(({ id, state, before, after }) => `${id}:${state}:${before}→${after}`)).toEqual([
      "villages:on:9→8",
      "owner:off:8→8",
      "points:off:8→8",
      "continents:off:8→8",
      "radius:off:8→8",
      "dedupe:on:8→7",
      "limit:off:7→7",
      "random:off:7→7",
    ]);
  });

  it("filters by owner: barbarians, any player, chosen players or tribes, excluded tribes", () => {
    expect(result({ ownerMode: "barbarians" })).toEqual(["498|503", "450|420"]);
    expect(result({ ownerMode: "players" })).toEqual(["500|500", "501|499", "510|490", "420|455", "555|555"]);
    expect(result({ ownerMode: "chosen", ownerPlayers: ["anna apfel"] })).toEqual(["500|500", "501|499"]);
    expect(result({ ownerMode: "chosen", ownerAllies: ["erst"] })).toEqual(["500|500", "501|499", "510|490"]);
    expect(result({ ownerMode: "chosen", ownerPlayers: ["Dora"], ownerAllies: ["Zweite Reihe"] })).toEqual(["420|455", "555|555"]);
    expect(result({ ownerMode: "excluded", ownerAllies: ["ERST"] })).toEqual(["498|503", "420|455", "450|420", "555|555"]);
    expect(result({ ownerMode: "excluded", ownerPlayers: ["Bert", "Dora"] })).toEqual(["500|500", "501|499", "498|503", "420|455", "450|420"]);
  });

  it("filters by points (inclusive), continents, and radius around a centre", () => {
    expect(result({ pointsMin: 500, pointsMax: 3000 })).toEqual(["500|500", "501|499", "420|455", "555|555"]);
    expect(result({ pointsMax: 150 })).toEqual(["498|503", "450|420"]);
    expect(result({ continents: ["K44", "45"] })).toEqual(["501|499", "510|490", "420|455", "450|420"]);
    expect(result({ centre: "500|500", radius: 5 })).toEqual(["500|500", "501|499", "498|503"]);
    expect(result({ centre: " (500 | 500) ", radius: 1.5 })).toEqual(["500|500", "501|499"]);
  });

  it("keeps duplicates when asked, limits to the first N and picks N at random by seed", () => {
    expect(result({ dedupe: false })).toEqual(["500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "500|500", "555|555"]);
    expect(result({ limit: 3 })).toEqual(["500|500", "501|499", "498|503"]);
    const picked = result({ randomCount: 3, seed: 42 });
    expect(picked).toHaveLength(3);
    expect(all.filter((c) => picked.includes(c))).toEqual(picked);
    expect(result({ randomCount: 3, seed: 42 })).toEqual(picked);
    const seeds = new Set(Array.from({ length: 10 }, (_, seed) => result({ randomCount: 3, seed }).join()));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it("combines the steps in their order and counts each", () => {
    const run = runFilter(examplePost, settings({ ownerMode: "players", continents: ["K45", "K55"], limit: 2 }), exampleWorld);
    expect(run.result.map(formatCoord)).toEqual(["500|500", "501|499"]);
    expect(run.steps.filter((s) => s.state === "on").map(({ id, before, after }) => `${id} ${before}→${after}`)).toEqual([
      "villages 9→8",
      "owner 8→6",
      "continents 6→5",
      "dedupe 5→4",
      "limit 4→2",
    ]);
  });

  it("without world data keeps every coordinate and marks owner and points unavailable", () => {
    const run = runFilter(examplePost, settings({ ownerMode: "barbarians", pointsMin: 100, continents: ["K77"] }), null);
    expect(run.states.villages).toBe("unavailable");
    expect(run.states.owner).toBe("unavailable");
    expect(run.states.points).toBe("unavailable");
    expect(run.missing).toEqual([]);
    expect(run.result.map(formatCoord)).toEqual(["777|777"]);
  });

  it("withholds invalid steps and names the problem per field", () => {
    const run = runFilter(
      examplePost,
      settings({ ownerMode: "chosen", ownerPlayers: ["Niemand"], pointsMin: 500, pointsMax: 100, continents: ["K4x"], centre: "5000|1", radius: 3, limit: 0 }),
      exampleWorld,
    );
    expect(run.errors).toEqual({
      ownerPlayers: "Den Spieler „Niemand“ gibt es in dieser Welt nicht.",
      pointsMax: "Min. Punkte dürfen nicht größer als Max. Punkte sein.",
      continents: "Kein Kontinent: „K4x“. Erlaubt sind K0 bis K99, z. B. K44.",
      centre: "Koordinaten gehen von 0|0 bis 999|999.",
      limit: "Mindestens 1.",
    });
    expect(run.steps.filter((s) => s.state === "invalid").map((s) => s.id)).toEqual(["owner", "points", "continents", "radius", "limit"]);
    expect(run.steps.every((s) => s.state !== "invalid" || s.before === s.after)).toBe(true);
  });

  it("asks for the missing half of the radius filter and for a chosen owner", () => {
    expect(runFilter("", settings({ centre: "500|500" }), null).errors).toEqual({ radius: "Bitte gib einen Radius an." });
    expect(runFilter("", settings({ radius: 10 }), null).errors).toEqual({ centre: "Bitte gib einen Mittelpunkt x|y an." });
    expect(runFilter("", settings({ centre: "500-500", radius: 0 }), null).errors).toEqual({
      centre: "Bitte gib eine Koordinate im Format x|y ein (z. B. 500|500).",
      radius: "Der Radius muss größer als 0 sein.",
    });
    expect(runFilter("", settings({ ownerMode: "chosen", ownerPlayers: [" "] }), exampleWorld).errors).toEqual({
      owner: "Wähle mindestens einen Spieler oder Stamm.",
    });
  });
});

// Random worlds on a small board so that texts hit villages, duplicates and empty fields often.
const small = fc.integer({ min: 495, max: 505 });
const village = fc.record({ x: small, y: small, playerId: fc.integer({ min: 0, max: 4 }), points: fc.integer({ min: 0, max: 12_000 }) });
const world = fc.uniqueArray(village, { selector: (v) => `${v.x}|${v.y}`, maxLength: 60 }).map((villages: FakeVillage[]) =>
  fakeWorld(
    villages,
    [1, 2, 3, 4].map((id) => ({ id, name: `P${id}`, allyId: id % 2 === 0 ? 11 : 0 })),
    [{ id: 11, name: "Elf", tag: "ELF" }],
  ),
);
const coord = fc.record({ x: small, y: small });
const text = fc.array(coord, { maxLength: 40 }).map((cs) => cs.map((c) => `[coord]${formatCoord(c)}[/coord]`).join(", "));
const optionalNumber = (min: number, max: number) => fc.option(fc.integer({ min, max }), { nil: null });
const anySettings: fc.Arbitrary<CoordsFilterSettings> = fc.record({
  ownerMode: fc.constantFrom(...ownerModes),
  ownerPlayers: fc.subarray(["P1", "P2", "p3", "Unbekannt"]),
  ownerAllies: fc.subarray(["ELF", "elf", "Nope"]),
  pointsMin: optionalNumber(-5, 12_000),
  pointsMax: optionalNumber(0, 12_000),
  continents: fc.subarray(["K44", "K45", "54", "k55", "K4x"]),
  centre: fc.constantFrom("", "500|500", "499|501", "1000|1"),
  radius: fc.option(fc.double({ min: -1, max: 10, noNaN: true }), { nil: null }),
  dedupe: fc.boolean(),
  limit: optionalNumber(0, 50),
  randomCount: optionalNumber(0, 50),
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  format: fc.constantFrom(...outputFormats),
});

/** True when `sub` appears in `list` in order (entries compared by coordinate). */
function isSubsequence(sub: readonly Coord[], list: readonly Coord[]): boolean {
  let i = 0;
  for (const c of list) if (i < sub.length && sub[i]?.x === c.x && sub[i]?.y === c.y) i++;
  return i === sub.length;
}

describe("runFilter invariants", () => {
  it("never adds or reorders coordinates; every step hands its count to the next", () => {
    fc.assert(
      fc.property(text, anySettings, fc.option(world, { nil: null }), (input, s, w) => {
        const run = runFilter(input, s, w);
        const extracted = extractCoords(input);
        expect(isSubsequence(run.result, extracted)).toBe(true);
        expect(run.steps[0]?.before).toBe(extracted.length);
        run.steps.forEach((step, i) => {
          expect(step.after).toBeLessThanOrEqual(step.before);
          if (i > 0) expect(step.before).toBe(run.steps[i - 1]?.after);
          if (step.state !== "on") expect(step.after).toBe(step.before);
        });
        expect(run.steps.at(-1)?.after).toBe(run.result.length);
      }),
    );
  });

  it("lists apart exactly the distinct coordinates without a village, and never outputs them", () => {
    fc.assert(
      fc.property(text, anySettings, world, (input, s, w) => {
        const run = runFilter(input, s, w);
        const missing = dedupe(extractCoords(input).filter((c) => w.indexAt(c.x, c.y) < 0)).map(({ x, y }) => ({ x, y }));
        expect(run.missing).toEqual(missing);
        for (const c of run.result) expect(w.indexAt(c.x, c.y)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("respects limit and random count and is deterministic", () => {
    fc.assert(
      fc.property(text, anySettings, fc.option(world, { nil: null }), (input, s, w) => {
        const run = runFilter(input, s, w);
        if (run.states.limit === "on" && s.limit !== null) expect(run.result.length).toBeLessThanOrEqual(s.limit);
        const random = run.steps.find((step) => step.id === "random");
        if (run.states.random === "on" && s.randomCount !== null && random) expect(random.after).toBe(Math.min(s.randomCount, random.before));
        if (s.dedupe) expect(dedupe(run.result)).toEqual(run.result);
        expect(runFilter(input, s, w).result).toEqual(run.result);
      }),
    );
  });

  it("dedupe is idempotent and keeps the first of each coordinate", () => {
    fc.assert(
      fc.property(fc.array(coord, { maxLength: 60 }), (coords) => {
        const once = dedupe(coords);
        expect(dedupe(once)).toEqual(once);
        expect(new Set(once.map(formatCoord)).size).toBe(once.length);
        expect(new Set(coords.map(formatCoord))).toEqual(new Set(once.map(formatCoord)));
        expect(isSubsequence(once, coords)).toBe(true);
      }),
    );
  });

  it("every output format reads back as the same coordinates", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ x: fc.integer({ min: 0, max: 999 }), y: fc.integer({ min: 0, max: 999 }) }), { maxLength: 30 }), fc.constantFrom(...outputFormats), (coords, format) => {
        expect(extractCoords(formatOutput(coords, format)).map(({ x, y }) => ({ x, y }))).toEqual(coords);
      }),
    );
  });
});

describe("formatOutput", () => {
  const coords = [
    { x: 500, y: 500 },
    { x: 7, y: 42 },
  ];
  it("writes a newline list, a space list or BB-code, one coordinate per line", () => {
    expect(formatOutput(coords, "lines")).toBe("500|500\n7|42");
    expect(formatOutput(coords, "spaces")).toBe("500|500 7|42");
    expect(formatOutput(coords, "bbcode")).toBe("[coord]500|500[/coord]\n[coord]7|42[/coord]");
    expect(formatOutput([], "bbcode")).toBe("");
  });
});
