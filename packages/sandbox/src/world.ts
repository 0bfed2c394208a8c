// The sandbox world's state and clock. Villages advance lazily (like the real game): resources and
// queues are settled up to "now" whenever a village is read or changed.
import {
  buildings,
  gameConfigDefaults,
  generateWorld,
  units,
  type BuildingLevels,
  type BattleReport,
  type GameCommand,
  type GameConfig,
  type GeneratedVillage,
  type MapVillage,
  type GeneratedWorld,
  type Resources,
  type ScavengeWorld,
  type Unit,
  type UnitCounts,
  type WorldGeneratorOptions,
} from "@dsbot/protocol";
import { armyKind, buildingPopulation, startingUnits, type ArmyKind } from "./armies.js";
import { fight, hideCapacity } from "./battle.js";
import { PremiumExchange } from "./exchange.js";
import { NpcAggressors } from "./npc.js";
import { createRandom, hashSeed } from "./random.js";
import { applyScavengeEvents, initialScavenge, nextScavengeEvent, sandboxScavengeWorld, scavengingUnits } from "./scavenging.js";
import type { SandboxPlayer, SandboxVillage } from "./world-types.js";
import { farmCapacity, production, storageCapacity, unitCosts, villagePoints } from "./rules.js";

export type { SandboxPlayer, SandboxVillage } from "./world-types.js";

export interface SandboxOptions {
  seed: number;
  /** Game seconds per real second; 60 makes an hour of game time pass in a minute. */
  timeScale?: number;
  /** World speed (production, build and recruit times, and with unitSpeed the units' pace). */
  speed?: number;
  /**
   * The economy's pace on top of the world speed: production, build and recruit times only, never the
   * units' pace (so an attack plan made with the world's unit info stays exact). The demo runs faster
   * so that a started bot shows levels rising and units trained within minutes.
   */
  economySpeed?: number;
  unitSpeed?: number;
  /** Real clock in ms; tests inject their own. */
  realNow?: () => number;
  /** Chance that a login meets the bot protection. */
  captchaRate?: number;
  /**
   * Bot-protection checks during play, per game hour of a player's play (0: none). The gap to the next
   * check is drawn between half and one and a half times the mean (1 / rate), so one never follows a
   * solved one at once.
   */
  botProtectionPerHour?: number;
  /** Game hours a login stays valid. */
  sessionHours?: number;
  /**
   * The map: the world generator's options (the demo: DEMO_WORLD). Its players and villages are the
   * sandbox's, so the server's imported copy of the same world shows what the bots do. Without it,
   * players are made up on first use.
   */
  map?: WorldGeneratorOptions;
  /** Other players of the map attack the bots' villages (the runner's sandbox has them). */
  npcAggressors?: boolean;
  /** The world's `<snob>` settings (get_config); what is left out is the game's usual (gameConfigDefaults). */
  snob?: Partial<GameConfig["snob"]>;
  /** The world has Raubzug (get_config's `<game><scavenging>`; default yes). */
  scavenging?: boolean;
}

/** Reports the world keeps (older ones are gone, as the game deletes old reports). */
const REPORTS_KEPT = 5000;
/** One barbarian village in GARRISON_ONE_IN keeps a garrison. */
const GARRISON_ONE_IN = 4;

export class SandboxWorld {
  readonly seed: number;
  readonly speed: number;
  /** speed × economySpeed: what production, build and recruit times run at. */
  readonly economySpeed: number;
  readonly unitSpeed: number;
  readonly captchaRate: number;
  readonly botProtectionPerHour: number;
  readonly sessionMs: number;
  /** The world's `<snob>` settings: the price of a coin is theirs. */
  readonly snob: GameConfig["snob"];
  /** Raubzug's constants; null on a world without it. */
  readonly scavenging: ScavengeWorld | null;
  private readonly timeScale: number;
  private readonly realNow: () => number;
  private readonly realStart: number;
  private readonly gameStart: number;
  readonly players = new Map<string, SandboxPlayer>();
  /** Villages in play (a generated map's villages join on first use). */
  private readonly villages = new Map<number, SandboxVillage>();
  private readonly map: GeneratedWorld | null;
  private readonly mapIndex = new Map<number, GeneratedVillage>();
  private readonly mapPlayers = new Map<string, { id: number; name: string; villageIds: number[] }>();
  readonly commands: GameCommand[] = [];
  /** Supports that arrived and stand in a village until they are sent home. */
  readonly stationed: { fromVillageId: number; atVillageId: number; units: UnitCounts }[] = [];
  /** The premium exchange every player of the world sells to. */
  readonly exchange: PremiumExchange;
  /** The NPC attackers, when the options ask for them. */
  readonly npc: NpcAggressors | null;
  /** Battle reports (the newest REPORTS_KEPT), with the attacking player. */
  readonly reports: (BattleReport & { playerId: number })[] = [];
  /** What a return command carries home, by its id. */
  private readonly hauls = new Map<number, Resources>();
  private nextReportId = 1;
  private nextVillageId = 1;
  private nextPlayerId = 1;
  nextCommandId = 1;

  constructor(options: SandboxOptions) {
    this.seed = options.seed;
    this.timeScale = options.timeScale ?? 1;
    this.speed = options.speed ?? 1;
    this.economySpeed = this.speed * (options.economySpeed ?? 1);
    this.unitSpeed = options.unitSpeed ?? 1;
    this.captchaRate = options.captchaRate ?? 0;
    this.botProtectionPerHour = options.botProtectionPerHour ?? 0;
    this.sessionMs = (options.sessionHours ?? 6) * 3_600_000;
    this.snob = { ...gameConfigDefaults.snob, ...options.snob };
    this.scavenging = options.scavenging === false ? null : sandboxScavengeWorld(this.speed, options.economySpeed ?? 1);
    this.realNow = options.realNow ?? Date.now;
    this.realStart = this.realNow();
    this.gameStart = this.realStart;
    this.map = options.map ? generateWorld(options.map) : null;
    this.exchange = new PremiumExchange(this.gameStart);
    this.npc = options.npcAggressors ? new NpcAggressors(this) : null;
    if (this.map) {
      for (const v of this.map.villages) this.mapIndex.set(v.y * 1000 + v.x, v);
      const byId = new Map(this.map.players.map((p) => [p.id, { id: p.id, name: p.name, villageIds: [] as number[] }]));
      for (const v of this.map.villages) if (v.playerId) byId.get(v.playerId)?.villageIds.push(v.id);
      for (const p of byId.values()) this.mapPlayers.set(p.name.toLowerCase(), p);
      this.nextVillageId = this.map.villages.length + 1;
      this.nextPlayerId = this.map.players.length + 1;
    }
  }

  /** A village by id (a map village joins play here), or undefined. */
  village(id: number): SandboxVillage | undefined {
    const known = this.villages.get(id);
    if (known || !this.map) return known;
    const generated = this.map.villages[id - 1];
    return generated ? this.fromMap(generated) : undefined;
  }

  /** The village on field x|y, or undefined. */
  villageAt(x: number, y: number): SandboxVillage | undefined {
    const generated = this.mapIndex.get(y * 1000 + x);
    if (generated) return this.village(generated.id);
    for (const v of this.villages.values()) if (v.x === x && v.y === y) return v;
    return undefined;
  }

  private fromMap(generated: GeneratedVillage): SandboxVillage {
    const rnd = createRandom(hashSeed(`village:${generated.id}`, this.seed));
    // Building levels roughly matching the village's points (a new village has 26, a full one ~12,000).
    const size = Math.max(1, Math.min(25, Math.round(Math.log(generated.points / 26) / Math.log(1.22))));
    const owner = generated.playerId ? this.map?.players[generated.playerId - 1] : undefined;
    const ownerId = owner ? this.player(owner.name).id : null;
    const index = owner ? (this.mapPlayers.get(owner.name.toLowerCase())?.villageIds.indexOf(generated.id) ?? 0) : -1;
    const kind = owner ? armyKind(index, rnd) : null;
    return this.villages.get(generated.id) ?? this.createVillage(ownerId, generated.name, generated.x, generated.y, size, rnd, kind, generated.id);
  }

  /**
   * Villages of other players (not the target's owner, nor of the owner's tribe) between `min` and `max`
   * fields from the target, from the generated map; empty without one.
   */
  enemyVillagesNear(target: SandboxVillage, min: number, max: number): SandboxVillage[] {
    if (!this.map) return [];
    const tribeOf = (playerId: number) => this.map?.players[playerId - 1]?.allyId ?? 0;
    const ownerOnMap = this.map.villages[target.id - 1]?.playerId ?? 0;
    const tribe = ownerOnMap ? tribeOf(ownerOnMap) : 0;
    const found: SandboxVillage[] = [];
    for (let y = target.y - max; y <= target.y + max; y++) {
      for (let x = target.x - max; x <= target.x + max; x++) {
        const generated = this.mapIndex.get(y * 1000 + x);
        if (!generated || !generated.playerId || generated.playerId === ownerOnMap) continue;
        if (tribe !== 0 && tribeOf(generated.playerId) === tribe) continue;
        const d = Math.hypot(x - target.x, y - target.y);
        if (d < min || d > max) continue;
        const village = this.village(generated.id);
        if (village) found.push(village);
      }
    }
    return found;
  }

  /** Villages within `radius` fields of a point: the map's (or, without one, those in play). */
  mapVillages(center: { x: number; y: number }, radius: number): MapVillage[] {
    const found: MapVillage[] = [];
    const add = (id: number, x: number, y: number, points: number, ownerName: string | null) => {
      if (Math.hypot(x - center.x, y - center.y) <= radius) found.push({ id, x, y, points, ownerName });
    };
    if (this.map) {
      const r = Math.ceil(radius);
      for (let y = center.y - r; y <= center.y + r; y++) {
        for (let x = center.x - r; x <= center.x + r; x++) {
          const generated = this.mapIndex.get(y * 1000 + x);
          if (!generated) continue;
          const inPlay = this.villages.get(generated.id);
          const owner = generated.playerId ? (this.map.players[generated.playerId - 1]?.name ?? null) : null;
          add(generated.id, x, y, inPlay ? villagePoints(inPlay.buildings) : generated.points, owner);
        }
      }
      return found;
    }
    const names = new Map([...this.players.values()].map((p) => [p.id, p.name]));
    for (const v of this.villages.values()) add(v.id, v.x, v.y, villagePoints(v.buildings), v.ownerId === null ? null : (names.get(v.ownerId) ?? null));
    return found;
  }

  /**
   * An attack of `playerId` reaches its target: the battle's losses on both sides, the haul taken from
   * the target and a report. Answers the survivors and their haul (no survivors: nothing comes home).
   */
  resolveAttack(command: GameCommand, playerId: number): { survivors: UnitCounts; haul: Resources } {
    const sent = command.units ?? {};
    const target = command.to.villageId ? this.village(command.to.villageId) : undefined;
    const empty = { wood: 0, stone: 0, iron: 0 };
    if (!target) return { survivors: sent, haul: empty };
    this.settle(target, Math.max(command.arrivesAt, target.settledAt));
    const supports = this.stationed.filter((s) => s.atVillageId === target.id);
    const outcome = fight({
      sent,
      defenders: [target.units, ...supports.map((s) => s.units)],
      wall: target.buildings.wall,
      resources: target.resources,
      hide: hideCapacity(target.buildings.hide),
    });
    const groups: UnitCounts[] = [target.units, ...supports.map((s) => s.units)];
    outcome.defendersLost.forEach((lost, i) => {
      const group = groups[i] as UnitCounts;
      for (const [u, n] of Object.entries(lost) as [Unit, number][]) group[u] = Math.max(0, (group[u] ?? 0) - n);
    });
    for (const r of ["wood", "stone", "iron"] as const) target.resources[r] = Math.max(0, target.resources[r] - outcome.haul[r]);
    target.buildings.wall = outcome.wallAfter;
    this.reports.push({
      id: this.nextReportId++, playerId, commandId: command.id, fromVillageId: command.from.villageId,
      target: { villageId: target.id, x: target.x, y: target.y }, at: command.arrivesAt,
      sent: { ...sent }, lost: outcome.lost, haul: outcome.haul, capacity: outcome.capacity,
    });
    if (this.reports.length > REPORTS_KEPT) this.reports.splice(0, this.reports.length - REPORTS_KEPT);
    return { survivors: outcome.survivors, haul: outcome.haul };
  }

  /** Keep what a return command carries until it is home. */
  carryHome(returnCommandId: number, haul: Resources): void {
    if (haul.wood + haul.stone + haul.iron > 0) this.hauls.set(returnCommandId, haul);
  }

  /** A return command arrived: its haul goes into the village (up to the storage). */
  unload(returnCommandId: number, home: SandboxVillage): void {
    const haul = this.hauls.get(returnCommandId);
    if (!haul) return;
    this.hauls.delete(returnCommandId);
    this.settle(home);
    const cap = storageCapacity(home.buildings.storage);
    for (const r of ["wood", "stone", "iron"] as const) home.resources[r] = Math.min(cap, home.resources[r] + haul[r]);
  }

  /** Game time in ms. */
  now(): number {
    return Math.floor(this.gameStart + (this.realNow() - this.realStart) * this.timeScale);
  }

  /** The player of that name, created deterministically from the seed on first use. */
  player(name: string): SandboxPlayer {
    const key = name.toLowerCase();
    const existing = this.players.get(key);
    if (existing) return existing;
    const onMap = this.mapPlayers.get(key);
    if (onMap) {
      const player: SandboxPlayer = { id: onMap.id, name: onMap.name, villageIds: [...onMap.villageIds], captchaUntil: null, botProtectionSince: null, nextBotProtectionAt: null, sessionEpoch: 0, premiumPoints: 0 };
      this.players.set(key, player);
      for (const id of onMap.villageIds) this.village(id);
      return player;
    }
    const rnd = createRandom(hashSeed(key, this.seed));
    const player: SandboxPlayer = { id: this.nextPlayerId++, name, villageIds: [], captchaUntil: null, botProtectionSince: null, nextBotProtectionAt: null, sessionEpoch: 0, premiumPoints: 0 };
    const cx = rnd.int(420, 580);
    const cy = rnd.int(420, 580);
    const count = rnd.int(2, 4);
    for (let i = 0; i < count; i++) {
      const village = this.createVillage(player.id, `${name}s Dorf ${i + 1}`, cx + rnd.int(-6, 6), cy + rnd.int(-6, 6), rnd.int(3, 12), rnd, armyKind(i, rnd));
      player.villageIds.push(village.id);
    }
    this.players.set(key, player);
    return player;
  }

  private createVillage(
    ownerId: number | null,
    name: string,
    x: number,
    y: number,
    size: number,
    rnd: ReturnType<typeof createRandom>,
    kind: ArmyKind | null,
    id = this.nextVillageId++,
  ): SandboxVillage {
    const levels = Object.fromEntries(buildings.map((b) => [b, 0])) as BuildingLevels;
    Object.assign(levels, {
      main: size, barracks: Math.max(1, size - 4), stable: Math.max(0, size - 8), garage: Math.max(0, size - 10), smith: Math.max(1, size - 6),
      place: 1, statue: 1, market: Math.max(1, size - 5), wood: size + rnd.int(0, 4), stone: size + rnd.int(0, 4),
      iron: size + rnd.int(0, 3), farm: Math.min(30, size + 5), storage: size + 1, hide: Math.min(3, size), wall: Math.max(0, size - 6),
    });
    const garrisoned = kind !== null || createRandom(hashSeed(`garrison:${id}`, this.seed)).int(1, GARRISON_ONE_IN) === 1;
    const unitsHome = startingUnits(levels, size, kind, rnd, garrisoned);
    const cap = storageCapacity(levels.storage);
    const trained = units.filter((u) => unitsHome[u] > 0);
    const village: SandboxVillage = {
      id, name, x, y, ownerId, buildings: levels, units: unitsHome,
      researched: new Set<Unit>(["spear", "sword", "axe", "spy", ...trained]),
      resources: { wood: rnd.int(cap / 4, cap / 2), stone: rnd.int(cap / 4, cap / 2), iron: rnd.int(cap / 4, cap / 2) },
      settledAt: this.now(), buildQueue: [], recruitQueue: [], coins: 0, groups: [], scavenge: initialScavenge(size),
    };
    this.villages.set(village.id, village);
    return village;
  }

  /** Advance a village's resources and queues to game time `until`. */
  settle(village: SandboxVillage, until = this.now()): void {
    for (;;) {
      const nextBuild = village.buildQueue[0];
      const nextRecruit = village.recruitQueue[0];
      const nextScavenge = nextScavengeEvent(village);
      const next = Math.min(nextBuild?.finishesAt ?? Infinity, nextRecruit?.finishesAt ?? Infinity, nextScavenge);
      if (next > until) break;
      this.produce(village, next);
      if (nextScavenge === next) {
        applyScavengeEvents(village, next, storageCapacity(village.buildings.storage));
      } else if (nextBuild && nextBuild.finishesAt === next) {
        village.buildings[nextBuild.building] = nextBuild.level;
        village.buildQueue.shift();
      } else if (nextRecruit) {
        for (const [unit, n] of Object.entries(nextRecruit.units) as [Unit, number][]) village.units[unit] += n;
        village.recruitQueue.shift();
      }
    }
    this.produce(village, until);
  }

  private produce(village: SandboxVillage, until: number): void {
    const hours = Math.max(0, until - village.settledAt) / 3_600_000;
    const cap = storageCapacity(village.buildings.storage);
    for (const r of ["wood", "stone", "iron"] as const) {
      village.resources[r] = Math.min(cap, village.resources[r] + production(village.buildings[r], this.economySpeed) * hours);
    }
    village.settledAt = Math.max(village.settledAt, until);
  }

  /** Population used by buildings (rough), units at home, queued and away. */
  populationUsed(village: SandboxVillage): number {
    let used = buildingPopulation(village.buildings);
    for (const u of units) used += village.units[u] * unitCosts[u].pop;
    for (const q of village.recruitQueue) for (const [u, n] of Object.entries(q.units) as [Unit, number][]) used += n * unitCosts[u].pop;
    for (const c of this.commands) {
      if (c.direction === "outgoing" && c.from.villageId === village.id && c.units) {
        for (const [u, n] of Object.entries(c.units) as [Unit, number][]) used += n * unitCosts[u].pop;
      }
    }
    for (const squad of scavengingUnits(village)) for (const [u, n] of Object.entries(squad) as [Unit, number][]) used += n * unitCosts[u].pop;
    // A village's units standing elsewhere still eat from its farm.
    for (const s of this.stationed) {
      if (s.fromVillageId !== village.id) continue;
      for (const [u, n] of Object.entries(s.units) as [Unit, number][]) used += n * unitCosts[u].pop;
    }
    return used;
  }

  populationMax(village: SandboxVillage): number {
    return farmCapacity(village.buildings.farm);
  }

  /**
   * Lets a test or the demo expire a player's logins, raise a bot-protection check that passes after
   * `captchaMinutes` (captcha), or one during play that holds until solved (bot_protection).
   */
  injectFault(playerName: string, fault: "session_lost" | "captcha" | "bot_protection", captchaMinutes = 10): void {
    const player = this.player(playerName);
    if (fault === "session_lost") player.sessionEpoch++;
    else if (fault === "bot_protection") player.botProtectionSince = this.now();
    else player.captchaUntil = this.now() + captchaMinutes * 60_000;
  }
}
