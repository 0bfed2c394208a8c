// Umbenenner: names the bot's villages from a pattern ({K} continent, {x}|{y}, {nr} a running number
// from startNumber with numberDigits digits, in the order of the player's villages) and tags incoming
// attacks ({unit}: the likely unit by LazyTurtle's rule on the time left when first seen, against the
// world's unit speeds; {arrival}: the arrival on the world's clock to the ms, in the zone the server
// names, Europe/Berlin from servers before that). A village already so
// named and an attack already tagged this session are left alone; one German line per run.
import {
  DEFAULT_SERVER_TIME_ZONE,
  likelyUnits,
  moduleRegistry,
  renamerIncomingTag,
  renamerVillageName,
  VILLAGE_NAME_MIN,
  type GameCommand,
  type ModuleConfig,
  type UnitSpeedTable,
  type VillageSnapshot,
} from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";

export const RENAMER_INTERVAL_MS = 60_000;
/** Allowance for the scan reading the page a little before the clock is read. */
const FIRST_SEEN_TOLERANCE_MS = 1000;
const label = moduleRegistry.renamer.label;
const messages = moduleMessages.renamer;

/** The name the pattern gives the village at `index` (0-based) among the player's villages. */
export function villageName(config: ModuleConfig<"renamer">, village: Pick<VillageSnapshot, "x" | "y">, index: number): string {
  return renamerVillageName(config, village, index);
}

/** The tag of an incoming attack seen first at `firstSeen` ("?" for the unit when none is slow enough for it). */
export function incomingTag(pattern: string, command: GameCommand, firstSeen: number, speeds: UnitSpeedTable, zone = DEFAULT_SERVER_TIME_ZONE): string {
  const { likely } = likelyUnits(command.from, command.to, command.arrivesAt - firstSeen, speeds, FIRST_SEEN_TOLERANCE_MS);
  return renamerIncomingTag(pattern, likely?.units ?? null, command.arrivesAt, zone);
}

async function renameVillages(ctx: ModuleContext<"renamer">, villages: readonly VillageSnapshot[]): Promise<string> {
  let renamed = 0;
  const failed = new Map<string, number>();
  for (const [index, village] of villages.entries()) {
    const name = villageName(ctx.config, village, index);
    if (name === village.name) continue;
    if (name.length < VILLAGE_NAME_MIN) {
      failed.set(messages.nameTooShort, (failed.get(messages.nameTooShort) ?? 0) + 1);
      continue;
    }
    const result = await ctx.driver.renameVillage(village.id, name);
    if (result.ok) renamed++;
    else failed.set(result.error, (failed.get(result.error) ?? 0) + 1);
  }
  const parts = [renamed > 0 ? messages.renamed(renamed) : messages.allNamed];
  for (const [error, n] of failed) parts.push(messages.notRenamed(n, error));
  return parts.join(" · ");
}

export function createRenamerModule(): BotModule<"renamer"> {
  /** Incoming commands by id: when first seen, and whether tagged. */
  const seen = new Map<number, { firstSeen: number; tagged: boolean }>();
  return {
    name: "renamer",
    intervalMs: () => RENAMER_INTERVAL_MS,
    async run(ctx) {
      const parts: string[] = [];
      if (ctx.config.renameVillages) {
        const player = await ctx.driver.getPlayer();
        if (!player.ok) {
          ctx.log("warn", moduleMessages.common.villagesUnreadable(label, player.error));
          return;
        }
        parts.push(await renameVillages(ctx, player.value.villages));
      }
      if (ctx.config.tagIncomings) {
        const [commands, info] = [await ctx.driver.getCommands(), await ctx.driver.unitInfo()];
        if (!commands.ok || !info.ok) {
          ctx.log("warn", messages.commandsUnreadable((commands.ok ? (info as { error: string }) : commands).error));
          return;
        }
        const now = ctx.driver.now();
        const incoming = commands.value.filter((c) => c.direction === "incoming" && c.kind === "attack" && c.arrivesAt > now);
        const live = new Set(incoming.map((c) => c.id));
        for (const id of seen.keys()) if (!live.has(id)) seen.delete(id);
        let tagged = 0;
        const examples: string[] = [];
        for (const command of incoming) {
          const entry = seen.get(command.id) ?? { firstSeen: now, tagged: false };
          seen.set(command.id, entry);
          if (entry.tagged) continue;
          const tag = incomingTag(ctx.config.incomingPattern, command, entry.firstSeen, info.value, ctx.timeZone);
          const result = await ctx.driver.tagCommand(command.id, tag);
          if (!result.ok) continue;
          entry.tagged = true;
          tagged++;
          if (examples.length < 3) examples.push(tag);
        }
        parts.push(tagged > 0 ? messages.tagged(tagged, examples) : messages.nothingToTag);
      }
      if (parts.length > 0) ctx.log("info", messages.summary(parts));
    },
  };
}
