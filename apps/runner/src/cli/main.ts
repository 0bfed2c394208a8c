// The `dsbot` command line: parses the arguments (node:util parseArgs) and dispatches to a command.
import { parseArgs } from "node:util";
import { ConfigError, resolveConfigPath } from "../config-file.js";
import { cliMessages } from "../messages.js";
import { PairingError } from "../pairing.js";
import { RUNNER_VERSION } from "../version.js";
import { botsAddCommand, botsListCommand } from "./bots-command.js";
import { UsageError, type CliOutput } from "./output.js";
import { pairCommand } from "./pair-command.js";
import { runCommand } from "./run-command.js";

export const helpText = cliMessages.main.help(RUNNER_VERSION);

const options = {
  help: { type: "boolean", short: "h", default: false },
  config: { type: "string" },
  server: { type: "string" },
  name: { type: "string" },
  seed: { type: "string" },
  "time-scale": { type: "string" },
  "economy-speed": { type: "string" },
  "unit-speed": { type: "string" },
  "bot-protection-per-hour": { type: "string" },
  verbose: { type: "boolean", default: false },
  id: { type: "string" },
  player: { type: "string" },
  password: { type: "string" },
} as const;

/** parseArgs explains in English; the user gets German and the option it concerns. */
function argumentProblem(code: unknown, message: string): string {
  const option = /'([^']+)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return cliMessages.main.unknownOption(option);
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return cliMessages.main.invalidValue(option);
  return cliMessages.main.invalidArguments(message);
}

/** Runs one command; answers the exit code. */
export async function main(argv: string[], output: CliOutput, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    const configPath = resolveConfigPath(values.config, env);
    const [command, sub] = positionals;
    if (values.help || !command) {
      output.out(helpText);
      return 0;
    }
    if (command === "pair") await pairCommand({ server: values.server, name: values.name, configPath }, output);
    else if (command === "run") await runCommand({ configPath, seed: values.seed, timeScale: values["time-scale"], economySpeed: values["economy-speed"], unitSpeed: values["unit-speed"], botProtectionPerHour: values["bot-protection-per-hour"], verbose: values.verbose, exitWithParent: env.DSBOT_EXIT_WITH_PARENT === "1" }, output);
    else if (command === "bots" && sub === "add") await botsAddCommand({ configPath, id: values.id, player: values.player, password: values.password }, output);
    else if (command === "bots" && sub === "list") await botsListCommand(configPath, output);
    else throw new UsageError(cliMessages.main.unknownCommand(positionals.join(" ")));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof PairingError) {
      output.err(error.message);
      return 1;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      output.err(cliMessages.main.withHelp(argumentProblem(error.code, error.message)));
      return 1;
    }
    throw error;
  }
}
