// The runner's config file: server and token from pairing, plus the local bots with their game
// credentials. It holds secrets, so it is written with mode 0600 (directory 0700).
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { configFileMessages } from "./messages.js";

export const localBotSchema = z.object({
  dsbotId: z.number().int().positive(),
  playerName: z.string().trim().min(1),
  password: z.string().min(1),
});

export const runnerConfigSchema = z.object({
  server: z.url().optional(),
  token: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  bots: z.array(localBotSchema).default([]),
});
export type RunnerConfig = z.infer<typeof runnerConfigSchema>;

/** `--config` wins over DSBOT_RUNNER_CONFIG, which wins over ~/.dsbot/runner.json. */
export function resolveConfigPath(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag ?? env.DSBOT_RUNNER_CONFIG ?? path.join(os.homedir(), ".dsbot", "runner.json");
}

export class ConfigError extends Error {}

/** A missing file is an empty config; a broken one is an error the user must fix. */
export async function readRunnerConfig(file: string): Promise<RunnerConfig> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { bots: [] };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(configFileMessages.notJson(file));
  }
  const parsed = runnerConfigSchema.safeParse(json);
  if (!parsed.success) throw new ConfigError(configFileMessages.invalid(file, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)));
  return parsed.data;
}

export async function writeRunnerConfig(file: string, config: RunnerConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
  await chmod(file, 0o600);
}
