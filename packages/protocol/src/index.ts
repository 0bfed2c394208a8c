// The shared contract of dsbot: schemas, types and pure game rules.
export * from "./errors.js";
export * from "./validation.js";
export * from "./table.js";
export * from "./world.js";
export * from "./client-config.js";
export * from "./auth.js";
export * from "./users.js";
export * from "./realtime.js";
export * from "./units.js";
export * from "./bots.js";
export * from "./dsbot-auth.js";
export * from "./runner.js";
export * from "./game-driver.js";
export * from "./modules/index.js";
export * from "./notifications.js";
export * from "./search.js";
export * from "./downloads.js";
