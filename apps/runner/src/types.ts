// What the runner knows locally about the bots it can run, and how it gets a game driver for one.
import type { BotConfig, GameDriver } from "@dsbot/protocol";

/** A game account on this PC; the credentials never leave it. */
export interface LocalBotConfig {
  dsbotId: number;
  playerName: string;
  password: string;
}

export type DriverFactory = (bot: LocalBotConfig, config: BotConfig) => GameDriver;
