// `dsbot run`: connect with the stored pairing and run the local bots in a seeded sandbox world
// until SIGINT/SIGTERM, which stops the bots and disconnects.
import { DEMO_WORLD } from "@dsbot/protocol";
import { SandboxWorld } from "@dsbot/sandbox";
import { readRunnerConfig } from "../config-file.js";
import { consoleLogger } from "../logger.js";
import { cliMessages } from "../messages.js";
import { createRunner } from "../runner.js";
import { createSandboxDriverFactory } from "../sandbox-driver.js";
import { RUNNER_VERSION } from "../version.js";
import { UsageError, type CliOutput } from "./output.js";

export interface RunCommand {
  configPath: string;
  seed: string | undefined;
  timeScale: string | undefined;
  /** The sandbox economy's pace (production, build and recruit times; never the units' pace). */
  economySpeed?: string | undefined;
  /** The units' pace (the world config's unit_speed); 1 unless given. */
  unitSpeed?: string | undefined;
  /** The sandbox's bot-protection checks during play, per hour of play (0 unless given). */
  botProtectionPerHour?: string | undefined;
  verbose: boolean;
  /** End when stdin closes (DSBOT_EXIT_WITH_PARENT=1): set by a host that runs the runner as its child. */
  exitWithParent?: boolean;
}

function positiveNumber(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(cliMessages.run.notPositive(flag));
  return n;
}

function nonNegativeNumber(value: string | undefined, flag: string): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(cliMessages.run.notNonNegative(flag));
  return n;
}

export async function runCommand(command: RunCommand, output: CliOutput): Promise<void> {
  const config = await readRunnerConfig(command.configPath);
  if (!config.server || !config.token) throw new UsageError(cliMessages.run.notPaired);
  if (config.bots.length === 0) output.err(cliMessages.run.noBots);
  // The seed makes the map (the world generator's, the demo world's layout), so a server that
  // imported the same generated world shows the bots' players and villages as they are here.
  const seed = Math.trunc(positiveNumber(command.seed, DEMO_WORLD.seed, "--seed"));
  const world = new SandboxWorld({
    seed,
    timeScale: positiveNumber(command.timeScale, 1, "--time-scale"),
    economySpeed: positiveNumber(command.economySpeed, 1, "--economy-speed"),
    // The units' pace: the server's copy of the world must have the same (its config's unit_speed).
    unitSpeed: positiveNumber(command.unitSpeed, 1, "--unit-speed"),
    botProtectionPerHour: nonNegativeNumber(command.botProtectionPerHour, "--bot-protection-per-hour"),
    map: { ...DEMO_WORLD, seed },
    npcAggressors: true,
  });
  const runner = createRunner({
    serverUrl: config.server,
    token: config.token,
    name: config.name ?? "Dsbot",
    version: RUNNER_VERSION,
    bots: config.bots,
    driverFactory: createSandboxDriverFactory(world),
    logger: consoleLogger(command.verbose ? "debug" : "info"),
  });
  await new Promise<void>((resolve) => {
    let stopping = false;
    const shutdown = () => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", shutdown);
      process.off("SIGTERM", shutdown);
      void runner.stop().then(resolve);
    };
    process.on("SIGINT", shutdown);
    process.on("SIGTERM", shutdown);
    // A host process (the server's demo) keeps our stdin open: when it is gone, so are we.
    if (command.exitWithParent) process.stdin.on("end", shutdown).on("error", shutdown).resume();
  });
  if (command.exitWithParent) process.stdin.destroy();
}
