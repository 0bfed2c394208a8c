// The shipped game driver: every bot plays its local player in one shared sandbox world.
import { SandboxDriver, type SandboxWorld } from "@dsbot/sandbox";
import type { DriverFactory } from "./types.js";

export function createSandboxDriverFactory(world: SandboxWorld): DriverFactory {
  return (bot) => new SandboxDriver(world, { playerName: bot.playerName, password: bot.password });
}
