// The sandbox's villages and players (world.ts keeps them; npc.ts reads them without the world class).
import type { BuildingLevels, Resources, ScavengeOptionId, Unit, UnitCounts } from "@dsbot/protocol";

/** A village's Raubzug (scavenging.ts plays it): options unlocked or unlocking, squads out. */
export interface VillageScavenge {
  unlocked: Set<ScavengeOptionId>;
  /** Options being unlocked, with the game time they are ready. */
  unlocking: Map<ScavengeOptionId, number>;
  squads: Map<ScavengeOptionId, { units: UnitCounts; haul: Resources; returnsAt: number }>;
}

export interface SandboxVillage {
  id: number;
  name: string;
  x: number;
  y: number;
  ownerId: number | null;
  buildings: BuildingLevels;
  units: Record<Unit, number>;
  researched: Set<Unit>;
  resources: Resources;
  settledAt: number;
  buildQueue: { building: keyof BuildingLevels; level: number; finishesAt: number }[];
  recruitQueue: { units: UnitCounts; finishesAt: number }[];
  coins: number;
  /** The player's village groups this village is in. */
  groups: string[];
  /** Raubzug: options unlocked or unlocking, squads out. */
  scavenge: VillageScavenge;
}

export interface SandboxPlayer {
  id: number;
  name: string;
  villageIds: number[];
  /** A pending bot-protection check blocks every action until this game time (a check met at login). */
  captchaUntil: number | null;
  /**
   * A check met during play (SandboxOptions.botProtectionPerHour): every action is refused from this
   * game time on until the player solves it in their own game tab (SandboxDriver.solveBotProtection).
   */
  botProtectionSince: number | null;
  /** When the next check during play comes (game time); null until the player's first action. */
  nextBotProtectionAt: number | null;
  sessionEpoch: number;
  premiumPoints: number;
}
