// The pure game rules: per-world unit info and config from the game's XML answers,
// coordinates and continents, distances and travel times, game links, night bonus and server time.
export * from "./result.js";
export * from "./unit-info.js";
export * from "./game-config.js";
export * from "./coords.js";
export * from "./continent.js";
export * from "./travel.js";
export * from "./links.js";
export * from "./server-time.js";
export * from "./night-bonus.js";
export * from "./time-zones.js";
export * from "./troop-formula.js";
export * from "./world-generator.js";
export * from "./world-generator-files.js";
export * from "./buildings.js";
export * from "./scavenge.js";
