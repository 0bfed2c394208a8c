// `dsbot bots add|list`: the local bots (dashboard bot id + game account) this runner may run.
import { localBotSchema, readRunnerConfig, writeRunnerConfig } from "../config-file.js";
import { cliMessages } from "../messages.js";
import { UsageError, type CliOutput } from "./output.js";

export interface BotsAddCommand {
  configPath: string;
  id: string | undefined;
  player: string | undefined;
  password: string | undefined;
}

export async function botsAddCommand(command: BotsAddCommand, output: CliOutput): Promise<void> {
  const parsed = localBotSchema.safeParse({ dsbotId: Number(command.id), playerName: command.player, password: command.password });
  if (!parsed.success) throw new UsageError(cliMessages.bots.addUsage);
  const config = await readRunnerConfig(command.configPath);
  const bots = [...config.bots.filter((b) => b.dsbotId !== parsed.data.dsbotId), parsed.data].sort((a, b) => a.dsbotId - b.dsbotId);
  await writeRunnerConfig(command.configPath, { ...config, bots });
  output.out(cliMessages.bots.saved(parsed.data.dsbotId, parsed.data.playerName));
}

export async function botsListCommand(configPath: string, output: CliOutput): Promise<void> {
  const { bots } = await readRunnerConfig(configPath);
  if (bots.length === 0) return output.out(cliMessages.bots.none);
  for (const bot of bots) output.out(cliMessages.bots.listed(bot.dsbotId, bot.playerName));
}
