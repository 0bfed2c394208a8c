// Modules that cannot run on a bot's world stay off: the VP-Builder needs resource packages, which a
// world whose get_config says coins (`<snob><gold>1</gold>`) does not have (the protocol's
// vpbuilderUnavailable); Raubzug needs a world with it (`<game><scavenging>`, scavengeUnavailable). Enabling such a module answers 400 with the German reason; the module page
// reads the same reason to show its switch disabled.
import type { GameConfig, ModuleName } from "@dsbot/protocol";
import { scavengeUnavailable, vpbuilderUnavailable } from "@dsbot/protocol";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { DsbotRow } from "../../db/schema.js";
import { worlds } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";

type Bot = Pick<DsbotRow, "worldServer" | "worldWorld">;

/** Why the module cannot be switched on for the bot (German), or null. */
const worldChecks: Partial<Record<ModuleName, (config: GameConfig | null | undefined) => string | null>> = {
  vpbuilder: vpbuilderUnavailable,
  scavenge: scavengeUnavailable,
};

export async function moduleUnavailable(db: Pick<Database, "select">, bot: Bot, name: ModuleName): Promise<string | null> {
  const check = worldChecks[name];
  if (!check) return null;
  const [world] = await db
    .select({ config: worlds.config })
    .from(worlds)
    .where(and(eq(worlds.server, bot.worldServer), eq(worlds.world, bot.worldWorld)))
    .limit(1);
  return check(world?.config);
}

/** 400 with the reason (on the field `enabled`) when an enabled module cannot run on the bot's world. */
export async function checkModuleAvailable(db: Pick<Database, "select">, bot: Bot, name: ModuleName, enabled: boolean): Promise<void> {
  if (!enabled) return;
  const reason = await moduleUnavailable(db, bot, name);
  if (reason) throw badRequest(reason, [{ path: "enabled", message: reason }]);
}
