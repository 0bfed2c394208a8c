// Attack plans: the attack entity and its rules, the planner and the import/export formats.
export * from "./messages.js";
export * from "./attack.js";
export * from "./arrival-window.js";
export * from "./planner.js";
export * from "./planner-settings.js";
export * from "./planner-limits.js";
export * from "./planner-attackers.js";
export * from "./formats/import-result.js";
export * from "./formats/export-writer.js";
export * from "./formats/dswb.js";
export * from "./formats/text.js";
export * from "./formats/json.js";
export * from "./formats/csv.js";
export * from "./api.js";
export * from "./execution.js";
export * from "./lines.js";
