// Eingehende Angriffe: what a player can tell about an incoming command from its timing, its
// label and its neighbours. The game shows an incoming's origin, target and arrival, never its units.
//
// - Likely unit (LazyTurtle's rule): a command has walked at most its full travel time, so when it is
//   first seen with `remaining` ms left, its slowest unit is one whose full travel time is at least
//   `remaining`. The fastest such speed is the likely one; slower ones stay possible. A command seen the
//   moment it left narrows it to one speed; scanning often tightens it.
// - Likelihood: a noble when the game's label says so or only the noble's speed fits; a fake when the
//   label says so or when one origin village has several attacks in the air that are no noble train
//   (a full attack leaves in one command); otherwise an attack.
// - Noble trains: commands of one attacker on one target arriving within a second of the one before.
import { distance, travelSeconds, type UnitSpeedTable } from "../game/travel.js";
import type { Coord } from "../game/coords.js";
import { unitLabels, units, type Unit } from "../units.js";

/** Units of one speed (the game has ties: spear, axe and archer walk alike). */
export interface SpeedGroup {
  units: Unit[];
  /** Minutes per field. */
  speed: number;
  /** Full travel time for the command's distance, ms. */
  travelMs: number;
}

export interface LikelyUnits {
  /** The fastest speed whose full walk is at least the time left when first seen; null if none fits. */
  likely: SpeedGroup | null;
  /** Slower speeds that also fit, fastest first. */
  others: SpeedGroup[];
}

/** The world's speed groups, fastest first (units the world lacks are left out). */
export function speedGroups(unitInfo: UnitSpeedTable, distanceFields: number): SpeedGroup[] {
  const bySpeed = new Map<number, Unit[]>();
  for (const unit of units) {
    const speed = unitInfo[unit]?.speed;
    if (speed === undefined || !(speed > 0)) continue;
    const list = bySpeed.get(speed);
    if (list) list.push(unit);
    else bySpeed.set(speed, [unit]);
  }
  return [...bySpeed.entries()]
    .sort(([a], [b]) => a - b)
    .map(([speed, list]) => ({ units: list, speed, travelMs: travelSeconds(distanceFields, speed) * 1000 }));
}

/**
 * LazyTurtle's rule for a command from `origin` to `target` with `remainingMs` left when first seen.
 * `toleranceMs` allows for a first-seen time taken a little after the scan read the page.
 */
export function likelyUnits(origin: Coord, target: Coord, remainingMs: number, unitInfo: UnitSpeedTable, toleranceMs = 0): LikelyUnits {
  const groups = speedGroups(unitInfo, distance(origin, target)).filter((g) => g.travelMs + toleranceMs >= remainingMs);
  return { likely: groups[0] ?? null, others: groups.slice(1) };
}

/** "Axtkämpfer/Speerträger/Bogenschütze" → the group's German name, the usual unit first. */
export function speedGroupLabel(group: Pick<SpeedGroup, "units">): string {
  return group.units.map((u) => unitLabels[u]).join("/");
}

export const incomingKinds = ["attack", "fake", "noble"] as const;
export type IncomingKind = (typeof incomingKinds)[number];
export const incomingKindLabels: Record<IncomingKind, string> = { attack: "Angriff", fake: "Fake", noble: "Adelung" };

/**
 * The words of a label that name a noble or a fake (docs/GAME-RULES.md, "Labels of incoming attacks").
 * Whole words only: a word is a run of letters, so "Stadelmann", "Nadel", "Radeln" or "Tag" name no
 * noble, while digits and signs may touch a word ("AG1", "AG#2", "Fake?").
 * - Noble: "AG"/"AGs" (DS Workbench's noble attack type, StandardAttackManager.SNOB_TYPE_NAME), the game's
 *   unit name "Adelsgeschlecht" and German compounds with "Adels…" ("Adelszug", "Adels"), "Adel",
 *   "Adelung(en)", "Adelzug…", "adeln", and the English "snob(s)", "noble(s)", "nobleman/-men".
 *   Names that merely start with "Adel" ("Adele", "Adelheid") are no noble.
 * - Fake: a word starting with "Fake" ("Fake", "Fakes", "Fakeangriff"; DS Workbench's FAKE_TYPE_NAME).
 */
const NOBLE_LABEL = /(?<!\p{L})(?:ags?|adel(?:s\p{L}*|ung(?:en)?|zug\p{L}*|n)?|snobs?|noble(?:s|man|men)?)(?!\p{L})/iu;
const FAKE_LABEL = /(?<!\p{L})fake\p{L}*/iu;

/** What the label alone says, or null. */
export function kindFromLabel(label: string | null | undefined): IncomingKind | null {
  if (!label) return null;
  if (NOBLE_LABEL.test(label)) return "noble";
  if (FAKE_LABEL.test(label)) return "fake";
  return null;
}

export interface IncomingForAnalysis {
  id: number;
  origin: Coord & { villageId?: number | null };
  target: Coord & { villageId?: number | null };
  attackerName: string | null;
  arrival: number;
  firstSeenAt: number;
  label?: string | null;
}

export interface IncomingAnalysis {
  id: number;
  distance: number;
  likely: LikelyUnits;
  kind: IncomingKind;
  /** Why the kind was chosen, German (shown as a tooltip). */
  reason: string;
  /** Id of the noble train (the id of its first command), or null. */
  trainId: number | null;
  /** Position in its train, 1-based, or null. */
  trainIndex: number | null;
}

/** Arrivals of one train follow each other within this gap. */
export const NOBLE_TRAIN_GAP_MS = 1000;

/**
 * Groups commands into trains: same attacker (or same origin when the attacker is unknown) on the same
 * target, each arriving within NOBLE_TRAIN_GAP_MS of the one before. Answers id → [train id, index] for
 * commands in trains of two or more.
 */
export function nobleTrains(incomings: readonly IncomingForAnalysis[]): Map<number, [number, number]> {
  const groups = new Map<string, IncomingForAnalysis[]>();
  for (const inc of incomings) {
    const who = inc.attackerName?.toLowerCase() ?? `${inc.origin.x}|${inc.origin.y}`;
    const key = `${who}>${inc.target.x}|${inc.target.y}`;
    const list = groups.get(key);
    if (list) list.push(inc);
    else groups.set(key, [inc]);
  }
  const trains = new Map<number, [number, number]>();
  for (const list of groups.values()) {
    list.sort((a, b) => a.arrival - b.arrival || a.id - b.id);
    let run: IncomingForAnalysis[] = [];
    const close = () => {
      if (run.length >= 2) run.forEach((inc, i) => trains.set(inc.id, [run[0]!.id, i + 1]));
      run = [];
    };
    for (const inc of list) {
      const last = run.at(-1);
      if (last && inc.arrival - last.arrival > NOBLE_TRAIN_GAP_MS) close();
      run.push(inc);
    }
    close();
  }
  return trains;
}

export const incomingReasons = {
  label: (label: string) => `Bezeichnung im Spiel: „${label}“`,
  onlyNoble: "Nur ein Adelsgeschlecht ist so langsam.",
  train: (n: number) => `Adelszug aus ${n} Befehlen.`,
  sameOrigin: (n: number) => `${n} Befehle aus demselben Dorf in der Luft: ein voller Angriff geht in einem Befehl.`,
  default: "Keine Hinweise auf Fake oder Adelung.",
} as const;

/** Analyses the incomings of one player's view (their trains and origins are judged together). */
export function analyseIncomings(incomings: readonly IncomingForAnalysis[], unitInfo: UnitSpeedTable): IncomingAnalysis[] {
  const trains = nobleTrains(incomings);
  const trainSizes = new Map<number, number>();
  for (const [trainId] of trains.values()) trainSizes.set(trainId, (trainSizes.get(trainId) ?? 0) + 1);
  const perOrigin = new Map<string, number>();
  for (const inc of incomings) {
    if (trains.has(inc.id)) continue;
    const key = `${inc.origin.x}|${inc.origin.y}`;
    perOrigin.set(key, (perOrigin.get(key) ?? 0) + 1);
  }
  return incomings.map((inc) => {
    const likely = likelyUnits(inc.origin, inc.target, inc.arrival - inc.firstSeenAt, unitInfo);
    const train = trains.get(inc.id) ?? null;
    const fromLabel = kindFromLabel(inc.label);
    const sameOrigin = train ? 0 : (perOrigin.get(`${inc.origin.x}|${inc.origin.y}`) ?? 0);
    let kind: IncomingKind = "attack";
    let reason: string = incomingReasons.default;
    if (fromLabel) {
      kind = fromLabel;
      reason = incomingReasons.label(inc.label ?? "");
    } else if (likely.likely?.units.includes("snob") && likely.others.length === 0) {
      kind = "noble";
      reason = incomingReasons.onlyNoble;
    } else if (train) {
      // A train's later commands are its nobles; its first clears the wall.
      kind = train[1] > 1 ? "noble" : "attack";
      reason = incomingReasons.train(trainSizes.get(train[0]) ?? 2);
    } else if (sameOrigin > 1) {
      kind = "fake";
      reason = incomingReasons.sameOrigin(sameOrigin);
    }
    return {
      id: inc.id,
      distance: distance(inc.origin, inc.target),
      likely,
      kind,
      reason,
      trainId: train ? train[0] : null,
      trainIndex: train ? train[1] : null,
    };
  });
}
