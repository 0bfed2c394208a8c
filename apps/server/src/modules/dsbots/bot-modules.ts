// Module configs as stored on a bot: `{ [moduleName]: { enabled, config } }`, `config` being the
// module schema's output without `enabled`. Reading re-applies the schema so new fields get defaults.
import type { ModuleName } from "@dsbot/protocol";
import { moduleDefaults, moduleNames, moduleRegistry } from "@dsbot/protocol";
import type { StoredModules } from "../../db/schema.js";

export interface ModuleState {
  enabled: boolean;
  config: Record<string, unknown>;
}

/** Split a schema output (which carries `enabled`) into the stored shape. */
export function toModuleState(output: Record<string, unknown>): ModuleState {
  const { enabled, ...config } = output;
  return { enabled: enabled === true, config };
}

/** All 16 modules at their defaults: what a new bot starts with. */
export function defaultModules(): StoredModules {
  return Object.fromEntries(moduleNames.map((name) => [name, toModuleState(moduleDefaults(name) as Record<string, unknown>)]));
}

/** One module's current state; a module missing from storage (added later) is at its defaults. */
export function readModule(stored: StoredModules, name: ModuleName): ModuleState {
  const entry = stored[name];
  if (!entry) return toModuleState(moduleDefaults(name) as Record<string, unknown>);
  const parsed = moduleRegistry[name].schema.safeParse({ ...entry.config, enabled: entry.enabled });
  return parsed.success ? toModuleState(parsed.data as Record<string, unknown>) : entry;
}

export function readAllModules(stored: StoredModules): Record<ModuleName, ModuleState> {
  return Object.fromEntries(moduleNames.map((name) => [name, readModule(stored, name)])) as Record<ModuleName, ModuleState>;
}

/** The REST shape of a module: its config with `enabled` in it. */
export function moduleBody(state: ModuleState): Record<string, unknown> & { enabled: boolean } {
  return { ...state.config, enabled: state.enabled };
}
