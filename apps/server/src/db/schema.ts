// The database schema: one definition for PGlite and PostgreSQL, migrations via drizzle-kit
// (which reads this file). The tables live per area in ./schema/.
export * from "./schema/users.js";
export * from "./schema/bots.js";
export * from "./schema/attack-plans.js";
export * from "./schema/worlds.js";
export * from "./schema/war-room.js";
export * from "./schema/templates.js";
export * from "./schema/instances.js";
export * from "./schema/tribes.js";
export * from "./schema/alerts.js";
