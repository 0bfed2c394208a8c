// The filter settings as the user enters them (kept in the browser) and their check: each step is
// off, on (with its resolved values), invalid (German messages per field) or unavailable without world data.
import { formatContinent, parseContinent, parseCoord, type Coord } from "@dsbot/protocol";
import { coordsFilterTexts as texts } from "../texts";
import type { CoordsWorld } from "./coords-world";
import { filterStepIds, type FilterStepId, type OutputFormat, type OwnerMode } from "./filter-options";

export { filterStepIds, ownerModes, outputFormats, type FilterStepId, type OutputFormat, type OwnerMode } from "./filter-options";

export interface CoordsFilterSettings {
  ownerMode: OwnerMode;
  /** Player names and tribe tags or names as typed; resolved against the world when filtering. */
  ownerPlayers: string[];
  ownerAllies: string[];
  /** null: no bound. */
  pointsMin: number | null;
  pointsMax: number | null;
  /** "K44", "45", …; empty: every continent. */
  continents: string[];
  /** `x|y` as typed; empty together with radius null: no radius filter. */
  centre: string;
  radius: number | null;
  dedupe: boolean;
  /** Keep the first N; null: all. */
  limit: number | null;
  /** Pick N at random; null: no pick. */
  randomCount: number | null;
  /** Seed of the random pick; null only while the field is empty. */
  seed: number | null;
  format: OutputFormat;
}

export const defaultCoordsFilterSettings: CoordsFilterSettings = {
  ownerMode: "all",
  ownerPlayers: [],
  ownerAllies: [],
  pointsMin: null,
  pointsMax: null,
  continents: [],
  centre: "",
  radius: null,
  dedupe: true,
  limit: null,
  randomCount: null,
  seed: 1,
  format: "lines",
};

export type SettingsField =
  | "owner"
  | "ownerPlayers"
  | "ownerAllies"
  | "pointsMin"
  | "pointsMax"
  | "continents"
  | "centre"
  | "radius"
  | "limit"
  | "randomCount"
  | "seed";
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export type OwnerFilter =
  | { mode: "barbarians" }
  | { mode: "players" }
  | { mode: "chosen" | "excluded"; playerIds: ReadonlySet<number>; allyIds: ReadonlySet<number> };

/** The checked values of every step that is on. */
export interface ResolvedFilters {
  owner: OwnerFilter | null;
  points: { min: number; max: number } | null;
  continents: ReadonlySet<number> | null;
  radius: { centre: Coord; radius: number } | null;
  dedupe: boolean;
  limit: number | null;
  random: { count: number; seed: number } | null;
}

export type StepState = "off" | "on" | "invalid" | "unavailable";

export interface SettingsCheck {
  filters: ResolvedFilters;
  states: Record<FilterStepId, StepState>;
  errors: SettingsErrors;
}

/** Checks the settings against the world (null: no world data); invalid steps stay off in `filters`. */
export function checkSettings(settings: CoordsFilterSettings, world: CoordsWorld | null): SettingsCheck {
  const errors: SettingsErrors = {};
  const owner = world ? resolveOwner(settings, world, errors) : null;
  const points = world ? resolvePoints(settings, errors) : null;
  const continents = resolveContinents(settings.continents, errors);
  const radius = resolveRadius(settings, errors);
  const limit = positiveWhole(settings.limit, "limit", errors);
  const randomCount = positiveWhole(settings.randomCount, "randomCount", errors);
  const seed = settings.seed;
  const seedError = seed === null ? texts.errors.seedMissing : wholeNumberError(seed);
  if (seedError && randomCount !== null) errors.seed = seedError;
  const random = randomCount !== null && seed !== null && !seedError ? { count: randomCount, seed } : null;

  const worldStep = (active: boolean, resolved: unknown, fields: SettingsField[]): StepState =>
    !active ? "off" : !world ? "unavailable" : stepState(true, resolved, fields, errors);
  const states: Record<FilterStepId, StepState> = {
    villages: world ? "on" : "unavailable",
    owner: worldStep(settings.ownerMode !== "all", owner, ["owner", "ownerPlayers", "ownerAllies"]),
    points: worldStep(settings.pointsMin !== null || settings.pointsMax !== null, points, ["pointsMin", "pointsMax"]),
    continents: stepState(settings.continents.length > 0, continents, ["continents"], errors),
    radius: stepState(settings.centre.trim() !== "" || settings.radius !== null, radius, ["centre", "radius"], errors),
    dedupe: settings.dedupe ? "on" : "off",
    limit: stepState(settings.limit !== null, limit, ["limit"], errors),
    random: stepState(settings.randomCount !== null, random, ["randomCount", "seed"], errors),
  };
  const filters: ResolvedFilters = {
    owner: states.owner === "on" ? owner : null,
    points: states.points === "on" ? points : null,
    continents: states.continents === "on" ? continents : null,
    radius: states.radius === "on" ? radius : null,
    dedupe: settings.dedupe,
    limit: states.limit === "on" ? limit : null,
    random: states.random === "on" ? random : null,
  };
  return { filters, states, errors };
}

/** True when some step the user turned on cannot run as entered (the output is withheld then). */
export function hasInvalidStep(states: Record<FilterStepId, StepState>): boolean {
  return filterStepIds.some((id) => states[id] === "invalid");
}

function stepState(active: boolean, resolved: unknown, fields: SettingsField[], errors: SettingsErrors): StepState {
  if (!active) return "off";
  return resolved === null || fields.some((field) => errors[field] !== undefined) ? "invalid" : "on";
}

function resolveOwner(settings: CoordsFilterSettings, world: CoordsWorld, errors: SettingsErrors): OwnerFilter | null {
  const { ownerMode: mode } = settings;
  if (mode === "all") return null;
  if (mode === "barbarians" || mode === "players") return { mode };
  const playerNames = cleanNames(settings.ownerPlayers);
  const allyNames = cleanNames(settings.ownerAllies);
  const playerIds = new Set<number>();
  const allyIds = new Set<number>();
  const unknownPlayers: string[] = [];
  const unknownAllies: string[] = [];
  for (const name of playerNames) {
    const player = world.playerByName(name);
    if (player) playerIds.add(player.id);
    else unknownPlayers.push(name);
  }
  for (const name of allyNames) {
    const ally = world.allyByTagOrName(name);
    if (ally) allyIds.add(ally.id);
    else unknownAllies.push(name);
  }
  if (unknownPlayers.length > 0) errors.ownerPlayers = texts.errors.unknownPlayers(unknownPlayers);
  if (unknownAllies.length > 0) errors.ownerAllies = texts.errors.unknownAllies(unknownAllies);
  if (mode === "chosen" && playerNames.length === 0 && allyNames.length === 0) errors.owner = texts.errors.noOwnerChosen;
  if (errors.owner || errors.ownerPlayers || errors.ownerAllies) return null;
  return { mode, playerIds, allyIds };
}

function resolvePoints(settings: CoordsFilterSettings, errors: SettingsErrors): { min: number; max: number } | null {
  const { pointsMin: min, pointsMax: max } = settings;
  if (min === null && max === null) return null;
  const minError = min === null ? null : wholeNumberError(min);
  const maxError = max === null ? null : wholeNumberError(max);
  if (minError) errors.pointsMin = minError;
  if (maxError) errors.pointsMax = maxError;
  if (minError || maxError) return null;
  if (min !== null && max !== null && min > max) {
    errors.pointsMax = texts.errors.minAboveMax;
    return null;
  }
  return { min: min ?? 0, max: max ?? Number.POSITIVE_INFINITY };
}

function resolveContinents(tokens: readonly string[], errors: SettingsErrors): ReadonlySet<number> | null {
  if (tokens.length === 0) return null;
  const numbers = new Set<number>();
  const bad: string[] = [];
  for (const token of tokens) {
    const number = parseContinent(token);
    if (number === null) bad.push(token);
    else numbers.add(number);
  }
  if (bad.length > 0) {
    errors.continents = texts.errors.badContinents(bad);
    return null;
  }
  return numbers;
}

function resolveRadius(settings: CoordsFilterSettings, errors: SettingsErrors): { centre: Coord; radius: number } | null {
  const centreText = settings.centre.trim();
  const { radius } = settings;
  if (centreText === "" && radius === null) return null;
  let centre: Coord | null = null;
  if (centreText === "") errors.centre = texts.errors.centreMissing;
  else {
    const parsed = parseCoord(centreText);
    if (parsed.ok) centre = parsed.value;
    else errors.centre = parsed.error;
  }
  if (radius === null) errors.radius = texts.errors.radiusMissing;
  else if (!Number.isFinite(radius) || radius <= 0) errors.radius = texts.errors.radiusPositive;
  return centre && radius !== null && !errors.radius ? { centre, radius } : null;
}

function positiveWhole(value: number | null, field: SettingsField, errors: SettingsErrors): number | null {
  if (value === null) return null;
  const error = !Number.isInteger(value) ? texts.errors.notWhole : value < 1 ? texts.errors.atLeastOne : null;
  if (error) errors[field] = error;
  return error ? null : value;
}

function wholeNumberError(value: number): string | null {
  if (!Number.isInteger(value)) return texts.errors.notWhole;
  return value < 0 ? texts.errors.negative : null;
}

function cleanNames(names: readonly string[]): string[] {
  return names.map((name) => name.trim()).filter((name) => name !== "");
}

/** "44" / "k44" → "K44"; anything that is no continent stays as typed (the check names it). */
export function normalizeContinentToken(token: string): string {
  const number = parseContinent(token);
  return number === null ? token.trim() : formatContinent(number);
}
