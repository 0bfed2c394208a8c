// The GameDriver interface: the only way a bot talks to the game. The sandbox world implements it;
// a live-game driver would implement the same methods (not shipped).
import type { ScavengeOptionId } from "./game/scavenge.js";
import type { Resource, Unit, UnitCounts } from "./units.js";

export const buildings = [
  "main",
  "barracks",
  "stable",
  "garage",
  "church",
  "church_f",
  "watchtower",
  "snob",
  "smith",
  "place",
  "statue",
  "market",
  "wood",
  "stone",
  "iron",
  "farm",
  "storage",
  "hide",
  "wall",
] as const;
export type Building = (typeof buildings)[number];
export type BuildingLevels = Record<Building, number>;
export type Resources = Record<Resource, number>;

export interface VillageSnapshot {
  id: number;
  name: string;
  x: number;
  y: number;
  points: number;
  resources: Resources;
  storageCapacity: number;
  population: { used: number; max: number };
  buildings: BuildingLevels;
  /** Units at home (own troops present in the village). */
  units: Required<UnitCounts>;
  /** Supports standing in the village (other villages' units, the player's own included). */
  supportsHere?: UnitCounts;
  /** This village's units standing in other villages as support. */
  outside?: UnitCounts;
  /** This village's units in commands (attacks, supports and returns on their way). */
  onTheWay?: UnitCounts;
  buildQueue: { building: Building; level: number; finishesAt: number }[];
  /** The player's village groups this village is in (the game's "Gruppen"; names). */
  groups?: string[];
  /** Units in training (barracks, stable, workshop, academy), where the game shows them. */
  recruitQueue?: { units: UnitCounts; finishesAt: number }[];
}

export interface PlayerSnapshot {
  id: number;
  name: string;
  points: number;
  villages: VillageSnapshot[];
}

export interface GameCommand {
  id: number;
  kind: "attack" | "support" | "return";
  direction: "incoming" | "outgoing";
  from: { villageId: number; x: number; y: number; playerName: string | null };
  to: { villageId: number; x: number; y: number; playerName: string | null };
  /** Server time in ms. */
  sentAt: number;
  arrivesAt: number;
  label: string;
  units?: UnitCounts;
}

/** A village on the world map near some point, as the game's map shows it. */
export interface MapVillage {
  id: number;
  x: number;
  y: number;
  points: number;
  /** The owner's name; null for a barbarian village. */
  ownerName: string | null;
}

/** A unit's stats on this world (the game's `interface.php?func=get_unit_info`). */
export interface UnitSpeedCarry {
  /** Minutes per field on this world. */
  speed: number;
  /** Resources one unit carries home. */
  carry: number;
}

/** A battle report of one of the player's attacks. */
export interface BattleReport {
  id: number;
  commandId: number;
  fromVillageId: number;
  target: { villageId: number; x: number; y: number };
  /** Server time of the battle in ms. */
  at: number;
  sent: UnitCounts;
  lost: UnitCounts;
  /** Resources taken home. */
  haul: Resources;
  /** What the survivors could carry. */
  capacity: number;
}

/** One Raubzug option of a village as the game's scavenging screen shows it. */
export interface ScavengeOptionState {
  option: ScavengeOptionId;
  /** locked: not unlocked yet; unlocking: until `until`; free: ready to send; out: a squad returns at `until`. */
  state: "locked" | "unlocking" | "free" | "out";
  /** Game time (ms) the unlock ends or the squad is back; null when locked or free. */
  until: number | null;
  /** The squad out on it and what it brings home. */
  squad?: { units: UnitCounts; haul: Resources };
}

/** A village's scavenging screen: its options and the world's duration constants. */
export interface ScavengeScreen {
  villageId: number;
  options: ScavengeOptionState[];
  /** The screen's `duration_exponent`, `duration_initial_seconds` and `duration_factor`. */
  exponent: number;
  initialSeconds: number;
  durationFactor: number;
}

/** Every action answers ok or a game-like German error. */
export type ActionResult<T = undefined> =
  | (T extends undefined ? { ok: true } : { ok: true; value: T })
  | { ok: false; error: string; code: GameErrorCode };

export type GameErrorCode =
  | "not_logged_in"
  | "captcha"
  | "invalid_credentials"
  | "maintenance"
  | "resources"
  | "queue_full"
  | "requirements"
  | "max_level"
  | "units"
  | "farm"
  | "not_found"
  | "invalid"
  /** The world has no Raubzug (its config's `<game><scavenging>`). */
  | "unavailable"
  /** A Raubzug option with a squad already out. */
  | "busy";

export interface GameDriver {
  /** Server time of the game world in ms (the sandbox may run faster than real time). */
  now(): number;
  login(): Promise<ActionResult>;
  isLoggedIn(): boolean;
  logout(): Promise<void>;
  /**
   * The sandbox only: the player has solved the game's bot-protection check in their own game tab (a
   * live game's check is solved there by the player, never by a bot, so a live driver has no such method).
   */
  solveBotProtection?(): void;
  getPlayer(): Promise<ActionResult<PlayerSnapshot>>;
  /** The world's unit speeds and carry capacities. */
  unitInfo(): Promise<ActionResult<Record<Unit, UnitSpeedCarry>>>;
  /** Villages within `radius` fields of a point (the player's own included). */
  mapVillages(center: { x: number; y: number }, radius: number): Promise<ActionResult<MapVillage[]>>;
  /** The player's battle reports with an id above `afterId`, oldest first. */
  getReports(afterId: number): Promise<ActionResult<BattleReport[]>>;
  renameVillage(villageId: number, name: string): Promise<ActionResult>;
  build(villageId: number, building: Building): Promise<ActionResult<{ level: number; finishesAt: number }>>;
  recruit(villageId: number, units: UnitCounts): Promise<ActionResult>;
  research(villageId: number, unit: Unit): Promise<ActionResult>;
  sendCommand(input: {
    fromVillageId: number;
    to: { x: number; y: number };
    units: UnitCounts;
    kind: "attack" | "support";
  }): Promise<ActionResult<GameCommand>>;
  getCommands(): Promise<ActionResult<GameCommand[]>>;
  tagCommand(commandId: number, label: string): Promise<ActionResult>;
  /** What one gold coin (or package) costs on this world, as the academy's coin screen shows it (get_config's `<snob><coin_*>`). */
  coinPrice(): Promise<ActionResult<Resources>>;
  mintCoins(villageId: number, count: number): Promise<ActionResult<{ minted: number }>>;
  sendResources(fromVillageId: number, toVillageId: number, resources: Partial<Resources>): Promise<ActionResult>;
  /** Resources one premium point costs now, per resource (the premium exchange's rates move with its stock). */
  depotRates(): Promise<ActionResult<Resources>>;
  /** Sells whole premium points for at most these resources; `sold` is what the points took. */
  sellToDepot(villageId: number, resources: Partial<Resources>): Promise<ActionResult<{ premiumPoints: number; sold: Resources }>>;
  /** The village's Raubzug screen ("unavailable" on a world without it). */
  scavengeScreen(villageId: number): Promise<ActionResult<ScavengeScreen>>;
  /** Sends a squad on a free option; answers when it is back and what it brings. */
  sendScavenge(villageId: number, option: ScavengeOptionId, units: UnitCounts): Promise<ActionResult<{ returnsAt: number; haul: Resources }>>;
  /** Starts unlocking an option (the one before it unlocked, its price paid from the village). */
  unlockScavenge(villageId: number, option: ScavengeOptionId): Promise<ActionResult<{ unlockedAt: number }>>;
}
