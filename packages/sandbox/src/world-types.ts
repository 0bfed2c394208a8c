// The sandbox's villages and players (world.ts keeps them; npc.ts reads them without the world class).
import type { BuildingLevels, Resources, Unit, UnitCounts } from "@dsbot/protocol";
import type { VillageScavenge } from "./scavenging.js";

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
