// SandboxDriver: the GameDriver over a SandboxWorld, one per bot (game account).
import {
  missingRequirement,
  unitBattleStats,
  units,
  type ActionResult,
  type BattleReport,
  type MapVillage,
  type UnitSpeedCarry,
  type Building,
  type GameCommand,
  type GameDriver,
  type GameErrorCode,
  type PlayerSnapshot,
  type Resources,
  type ScavengeOptionId,
  type ScavengeScreen,
  type Unit,
  type UnitCounts,
  type VillageSnapshot,
} from "@dsbot/protocol";
import { createRandom, hashSeed } from "./random.js";
import { scavengeScreen, sendSquad, startUnlock } from "./scavenging.js";
import { settleCommands } from "./settle-commands.js";
import { buildCost, buildSeconds, gameErrors, maxLevels, storageCapacity, unitCosts, unitMinutesPerField, villagePoints } from "./rules.js";
import type { SandboxPlayer, SandboxVillage, SandboxWorld } from "./world.js";

/** The sum of unit counts (only counts above 0). */
function sumUnits(list: readonly UnitCounts[]): UnitCounts {
  const sum: UnitCounts = {};
  for (const counts of list) {
    for (const [u, n] of Object.entries(counts) as [Unit, number][]) if (n > 0) sum[u] = (sum[u] ?? 0) + n;
  }
  return sum;
}

const fail = (code: GameErrorCode): { ok: false; error: string; code: GameErrorCode } => ({ ok: false, error: gameErrors[code], code });
const BUILD_QUEUE_MAX = 5;

export interface SandboxCredentials {
  playerName: string;
  password: string;
}

export class SandboxDriver implements GameDriver {
  private session: { epoch: number; expiresAt: number } | null = null;
  private readonly player: SandboxPlayer;
  private readonly random;

  constructor(
    private readonly world: SandboxWorld,
    private readonly credentials: SandboxCredentials,
  ) {
    this.player = world.player(credentials.playerName);
    this.random = createRandom(hashSeed(`login:${credentials.playerName}`, world.seed));
  }

  now(): number {
    return this.world.now();
  }

  async login(): Promise<ActionResult> {
    if (!this.credentials.password) return fail("invalid_credentials");
    if (this.captchaPending()) return fail("captcha");
    if (this.world.captchaRate > 0 && this.random.chance(this.world.captchaRate)) {
      this.world.injectFault(this.player.name, "captcha");
      return fail("captcha");
    }
    this.session = { epoch: this.player.sessionEpoch, expiresAt: this.now() + this.world.sessionMs };
    return { ok: true };
  }

  isLoggedIn(): boolean {
    return this.session !== null && this.session.epoch === this.player.sessionEpoch && this.session.expiresAt > this.now();
  }

  async logout(): Promise<void> {
    this.session = null;
  }

  private captchaPending(): boolean {
    if (this.player.botProtectionSince !== null) return true;
    const until = this.player.captchaUntil;
    if (until === null) return false;
    if (until <= this.now()) {
      this.player.captchaUntil = null;
      return false;
    }
    return true;
  }

  /** The gap to the next check during play: half to one and a half times the world's mean gap. */
  private nextCheckGap(): number {
    return (3_600_000 / this.world.botProtectionPerHour) * (0.5 + this.random.next());
  }

  /** A check during play, when its time has come (SandboxOptions.botProtectionPerHour). */
  private checkDuringPlay(): boolean {
    if (this.world.botProtectionPerHour <= 0) return false;
    const now = this.now();
    const player = this.player;
    if (player.nextBotProtectionAt === null) player.nextBotProtectionAt = now + this.nextCheckGap();
    if (now < player.nextBotProtectionAt) return false;
    player.botProtectionSince = now;
    return true;
  }

  /**
   * The sandbox only: stands in for the player solving the check in their own game tab (in the live
   * game nobody but the player can). Every action works again; the next check comes a gap later.
   */
  solveBotProtection(): void {
    this.player.botProtectionSince = null;
    this.player.captchaUntil = null;
    if (this.world.botProtectionPerHour > 0) this.player.nextBotProtectionAt = this.now() + this.nextCheckGap();
  }

  /** Every action first checks the login and the bot protection, like the game does. */
  private guard(): { ok: false; error: string; code: GameErrorCode } | null {
    if (!this.isLoggedIn()) return fail("not_logged_in");
    if (this.captchaPending() || this.checkDuringPlay()) return fail("captcha");
    return null;
  }

  private ownVillage(id: number): SandboxVillage | null {
    const village = this.world.village(id);
    if (!village || village.ownerId !== this.player.id) return null;
    this.world.settle(village);
    return village;
  }

  async getPlayer(): Promise<ActionResult<PlayerSnapshot>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    settleCommands(this.world, this.player);
    const villages = this.player.villageIds.map((id) => this.snapshot(this.ownVillage(id) as SandboxVillage));
    const points = villages.reduce((sum, v) => sum + v.points, 0);
    return { ok: true, value: { id: this.player.id, name: this.player.name, points, villages } };
  }

  private snapshot(v: SandboxVillage): VillageSnapshot {
    return {
      id: v.id, name: v.name, x: v.x, y: v.y, points: villagePoints(v.buildings),
      resources: { wood: Math.floor(v.resources.wood), stone: Math.floor(v.resources.stone), iron: Math.floor(v.resources.iron) },
      storageCapacity: storageCapacity(v.buildings.storage),
      population: { used: this.world.populationUsed(v), max: this.world.populationMax(v) },
      buildings: { ...v.buildings }, units: { ...v.units }, buildQueue: v.buildQueue.map((q) => ({ ...q })), groups: [...v.groups],
      recruitQueue: v.recruitQueue.map((q) => ({ units: { ...q.units }, finishesAt: q.finishesAt })),
      supportsHere: sumUnits(this.world.stationed.filter((s) => s.atVillageId === v.id).map((s) => s.units)),
      outside: sumUnits(this.world.stationed.filter((s) => s.fromVillageId === v.id).map((s) => s.units)),
      onTheWay: sumUnits(this.world.commands.filter((c) => c.from.villageId === v.id && c.from.playerName === this.player.name && c.units).map((c) => c.units as UnitCounts)),
    };
  }

  async renameVillage(villageId: number, name: string): Promise<ActionResult> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(villageId);
    if (!village) return fail("not_found");
    const trimmed = name.trim();
    if (trimmed.length < 3 || trimmed.length > 32) return fail("invalid");
    village.name = trimmed;
    return { ok: true };
  }

  async build(villageId: number, building: Building): Promise<ActionResult<{ level: number; finishesAt: number }>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(villageId);
    if (!village) return fail("not_found");
    if (village.buildQueue.length >= BUILD_QUEUE_MAX) return fail("queue_full");
    const queued = village.buildQueue.filter((q) => q.building === building).length;
    const level = village.buildings[building] + queued + 1;
    if (level > maxLevels[building]) return fail("max_level");
    if (missingRequirement(village.buildings, building)) return fail("requirements");
    const cost = buildCost(building, level);
    if (!this.pay(village, cost)) return fail("resources");
    if (this.world.populationUsed(village) + cost.pop > this.world.populationMax(village) && building !== "farm") return fail("farm");
    const start = village.buildQueue.at(-1)?.finishesAt ?? this.now();
    const finishesAt = start + buildSeconds(building, level, village.buildings.main, this.world.economySpeed) * 1000;
    village.buildQueue.push({ building, level, finishesAt });
    return { ok: true, value: { level, finishesAt } };
  }

  private pay(village: SandboxVillage, cost: Partial<Resources>): boolean {
    const r = village.resources;
    if ((cost.wood ?? 0) > r.wood || (cost.stone ?? 0) > r.stone || (cost.iron ?? 0) > r.iron) return false;
    r.wood -= cost.wood ?? 0;
    r.stone -= cost.stone ?? 0;
    r.iron -= cost.iron ?? 0;
    return true;
  }

  async recruit(villageId: number, counts: UnitCounts): Promise<ActionResult> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(villageId);
    if (!village) return fail("not_found");
    const total = { wood: 0, stone: 0, iron: 0 };
    let pop = 0;
    let seconds = 0;
    for (const [unit, n] of Object.entries(counts) as [Unit, number][]) {
      if (!n) continue;
      if (!Number.isInteger(n) || n < 0) return fail("invalid");
      const c = unitCosts[unit];
      // Noblemen (academy) and the paladin (statue) need no research in the smithy.
      const researched = unit === "snob" || unit === "knight" || village.researched.has(unit);
      if (village.buildings[c.building] < 1 || !researched) return fail("requirements");
      total.wood += c.wood * n;
      total.stone += c.stone * n;
      total.iron += c.iron * n;
      pop += c.pop * n;
      seconds += (c.seconds * n) / this.world.economySpeed;
    }
    if (pop === 0) return fail("invalid");
    if (this.world.populationUsed(village) + pop > this.world.populationMax(village)) return fail("farm");
    if (!this.pay(village, total)) return fail("resources");
    const start = village.recruitQueue.at(-1)?.finishesAt ?? this.now();
    village.recruitQueue.push({ units: { ...counts }, finishesAt: start + Math.round(seconds * 1000) });
    return { ok: true };
  }

  async research(villageId: number, unit: Unit): Promise<ActionResult> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(villageId);
    if (!village) return fail("not_found");
    if (village.researched.has(unit)) return fail("max_level");
    if (village.buildings.smith < 1 || village.buildings[unitCosts[unit].building] < 1) return fail("requirements");
    const c = unitCosts[unit];
    if (!this.pay(village, { wood: c.wood * 10, stone: c.stone * 10, iron: c.iron * 10 })) return fail("resources");
    village.researched.add(unit);
    return { ok: true };
  }

  async sendCommand(input: { fromVillageId: number; to: { x: number; y: number }; units: UnitCounts; kind: "attack" | "support" }): Promise<ActionResult<GameCommand>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(input.fromVillageId);
    if (!village) return fail("not_found");
    const sent = Object.entries(input.units).filter(([, n]) => (n ?? 0) > 0) as [Unit, number][];
    if (sent.length === 0) return fail("invalid");
    if (sent.some(([u, n]) => village.units[u] < n)) return fail("units");
    const minutes = Math.max(...sent.map(([u]) => unitMinutesPerField[u])) / (this.world.speed * this.world.unitSpeed);
    const distance = Math.hypot(village.x - input.to.x, village.y - input.to.y);
    for (const [u, n] of sent) village.units[u] -= n;
    const target = this.world.villageAt(input.to.x, input.to.y);
    const now = this.now();
    const command: GameCommand = {
      id: this.world.nextCommandId++, kind: input.kind, direction: "outgoing",
      from: { villageId: village.id, x: village.x, y: village.y, playerName: this.player.name },
      to: { villageId: target?.id ?? 0, x: input.to.x, y: input.to.y, playerName: null },
      sentAt: now, arrivesAt: now + Math.round(distance * minutes * 60) * 1000, label: input.kind === "attack" ? "Angriff" : "Unterstützung",
      units: Object.fromEntries(sent),
    };
    this.world.commands.push(command);
    return { ok: true, value: command };
  }

  async unitInfo(): Promise<ActionResult<Record<Unit, UnitSpeedCarry>>> {
    const factor = this.world.speed * this.world.unitSpeed;
    const value = Object.fromEntries(units.map((u) => [u, { speed: unitMinutesPerField[u] / factor, carry: unitBattleStats[u].carry }])) as Record<Unit, UnitSpeedCarry>;
    return { ok: true, value };
  }

  async mapVillages(center: { x: number; y: number }, radius: number): Promise<ActionResult<MapVillage[]>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    if (!(radius >= 0 && radius <= 100)) return fail("invalid");
    return { ok: true, value: this.world.mapVillages(center, radius) };
  }

  async getReports(afterId: number): Promise<ActionResult<BattleReport[]>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    settleCommands(this.world, this.player);
    const value = this.world.reports.filter((r) => r.playerId === this.player.id && r.id > afterId).map(({ playerId: _playerId, ...report }) => report);
    return { ok: true, value };
  }

  async getCommands(): Promise<ActionResult<GameCommand[]>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    settleCommands(this.world, this.player);
    this.world.npc?.tick(this.player);
    const own = new Set(this.player.villageIds);
    const now = this.now();
    const value = this.world.commands
      .filter((c) => c.sentAt <= now && (own.has(c.from.villageId) || own.has(c.to.villageId)))
      .map((c) => ({ ...c, direction: own.has(c.to.villageId) && c.kind !== "return" ? ("incoming" as const) : ("outgoing" as const) }));
    return { ok: true, value };
  }

  async tagCommand(commandId: number, label: string): Promise<ActionResult> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const command = this.world.commands.find((c) => c.id === commandId);
    if (!command || !this.player.villageIds.includes(command.to.villageId)) return fail("not_found");
    command.label = label.slice(0, 255);
    return { ok: true };
  }

  async coinPrice(): Promise<ActionResult<Resources>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const { coinWood, coinStone, coinIron } = this.world.snob;
    return { ok: true, value: { wood: coinWood, stone: coinStone, iron: coinIron } };
  }

  async mintCoins(villageId: number, count: number): Promise<ActionResult<{ minted: number }>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(villageId);
    if (!village) return fail("not_found");
    if (village.buildings.snob < 1) return fail("requirements");
    // A gold coin costs what the world's get_config says (`<snob><coin_wood>`, `<coin_stone>`, `<coin_iron>`).
    const price = await this.coinPrice();
    if (!price.ok) return price;
    const coin = price.value;
    let minted = 0;
    while (minted < count && this.pay(village, coin)) minted++;
    if (minted === 0) return fail("resources");
    village.coins += minted;
    return { ok: true, value: { minted } };
  }

  async sendResources(fromVillageId: number, toVillageId: number, resources: Partial<Resources>): Promise<ActionResult> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const from = this.ownVillage(fromVillageId);
    const to = this.world.village(toVillageId);
    if (!from || !to) return fail("not_found");
    if (!this.pay(from, resources)) return fail("resources");
    this.world.settle(to);
    for (const r of ["wood", "stone", "iron"] as const) to.resources[r] += resources[r] ?? 0;
    return { ok: true };
  }

  async depotRates(): Promise<ActionResult<Resources>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    return { ok: true, value: this.world.exchange.rates(this.now()) };
  }

  /** Sells whole premium points at the exchange's rising rates; what no whole point takes stays in the village. */
  async sellToDepot(villageId: number, resources: Partial<Resources>): Promise<ActionResult<{ premiumPoints: number; sold: Resources }>> {
    const blocked = this.guard();
    if (blocked) return blocked;
    const village = this.ownVillage(villageId);
    if (!village) return fail("not_found");
    if (village.buildings.market < 1) return fail("requirements");
    const r = village.resources;
    if ((resources.wood ?? 0) > r.wood || (resources.stone ?? 0) > r.stone || (resources.iron ?? 0) > r.iron) return fail("resources");
    const { points, used } = this.world.exchange.sell(resources, this.now());
    this.pay(village, used);
    this.player.premiumPoints += points;
    return { ok: true, value: { premiumPoints: points, sold: used } };
  }

  async scavengeScreen(villageId: number): Promise<ActionResult<ScavengeScreen>> {
    const found = this.scavengeVillage(villageId);
    if ("ok" in found) return found;
    return { ok: true, value: scavengeScreen(found.rules, found.village) };
  }

  async sendScavenge(villageId: number, option: ScavengeOptionId, counts: UnitCounts): Promise<ActionResult<{ returnsAt: number; haul: Resources }>> {
    const found = this.scavengeVillage(villageId);
    if ("ok" in found) return found;
    const sent = sendSquad(found.rules, found.village, option, counts, this.now());
    return typeof sent === "string" ? fail(sent) : { ok: true, value: sent };
  }

  async unlockScavenge(villageId: number, option: ScavengeOptionId): Promise<ActionResult<{ unlockedAt: number }>> {
    const found = this.scavengeVillage(villageId);
    if ("ok" in found) return found;
    const started = startUnlock(found.village, option, this.now(), this.world.economySpeed, (cost) => this.pay(found.village, cost));
    return typeof started === "string" ? fail(started) : { ok: true, value: started };
  }

  /** The guard, the world's Raubzug and the own village (settled), or the refusal. */
  private scavengeVillage(villageId: number) {
    const blocked = this.guard();
    if (blocked) return blocked;
    const rules = this.world.scavenging;
    if (!rules) return fail("unavailable");
    const village = this.ownVillage(villageId);
    return village ? { rules, village } : fail("not_found");
  }
}
