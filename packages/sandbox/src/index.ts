// The sandbox game world: a deterministic, simplified Die-Stämme world behind the GameDriver interface.
export { SandboxWorld, type SandboxOptions, type SandboxPlayer, type SandboxVillage } from "./world.js";
export { SandboxDriver, type SandboxCredentials } from "./driver.js";
export { createRandom, hashSeed, type Random } from "./random.js";
export * from "./rules.js";
export { NpcAggressors, NPC_FIRST_LANDING_MS, NPC_WAVE_MS } from "./npc.js";
