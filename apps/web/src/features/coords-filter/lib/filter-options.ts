// The fixed choices of the Koordinaten Filter: its steps, owner modes and output formats. Without
// imports, so the settings check and the texts that name these choices both build on it.

/** The steps in the fixed order they run and are shown in. */
export const filterStepIds = ["villages", "owner", "points", "continents", "radius", "dedupe", "limit", "random"] as const;
export type FilterStepId = (typeof filterStepIds)[number];

export const ownerModes = ["all", "barbarians", "players", "chosen", "excluded"] as const;
export type OwnerMode = (typeof ownerModes)[number];

export const outputFormats = ["lines", "spaces", "bbcode"] as const;
export type OutputFormat = (typeof outputFormats)[number];
