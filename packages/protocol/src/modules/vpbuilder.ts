// VP-Builder: builds resource packages on package worlds while keeping a reserve.
import { z } from "zod";
import type { GameConfig } from "../game/game-config.js";
import { enabledField, intField, resourceAmountsField, villageIdsField } from "./fields.js";

export const vpbuilderModuleSchema = z.object({
  enabled: enabledField,
  villageIds: villageIdsField,
  keep: resourceAmountsField(10000),
  packagesPerRun: intField(1, 1000, 10),
});

export const vpbuilderMessages = {
  noPackages:
    "Diese Welt hat keine Ressourcenpakete: Adelsgeschlechter kosten hier Goldmünzen. Der VP-Builder lässt sich nur auf Paketwelten einschalten; Münzen prägt der Münzer.",
} as const;

/**
 * Why the VP-Builder cannot run on a world, or null when it can. A world whose `get_config` says
 * `<snob><gold>1</gold>` (game-config.ts) pays nobles with coins and has no packages. A world the
 * server has no config of is not refused: nothing says it lacks packages.
 */
export function vpbuilderUnavailable(config: Pick<GameConfig, "snob"> | null | undefined): string | null {
  if (!config) return null;
  return config.snob.gold === 0 ? null : vpbuilderMessages.noPackages;
}
