// The `dsbot` command line: parses the arguments (node:util parseArgs) and dispatches to a command.
import { parseArgs } from "node:util";
import { ConfigError, resolveConfigPath } from "../config-file.js";
import { PairingError } from "../pairing.js";
import { RUNNER_VERSION } from "../version.js";
import { botsAddCommand, botsListCommand } from "./bots-command.js";
import { UsageError, type CliOutput } from "./output.js";
import { pairCommand } from "./pair-command.js";
import { runCommand } from "./run-command.js";

export const helpText = `Dsbot ${RUNNER_VERSION} – der Bot-Runner für dsbot

Verwendung:
  dsbot pair --server URL [--name NAME]     Diesen PC mit deinem Konto koppeln
  dsbot run [--seed N] [--time-scale N] [--economy-speed N] [--verbose]
                                            Bots in der Sandbox-Welt ausführen (Strg+C beendet);
                                            --seed wählt die Welt (Standard 231: die Demo-Welt),
                                            --economy-speed lässt Produktion, Bau und Rekrutierung
                                            schneller laufen (Laufzeiten der Truppen bleiben)
  dsbot bots add --id N --player NAME --password PW
                                            Lokalen Bot eintragen (Zugangsdaten bleiben auf diesem PC)
  dsbot bots list                           Lokale Bots anzeigen
  dsbot --help                              Diese Hilfe

Gemeinsame Optionen:
  --config PATH   Konfigurationsdatei (Standard: $DSBOT_RUNNER_CONFIG oder ~/.dsbot/runner.json)`;

const options = {
  help: { type: "boolean", short: "h", default: false },
  config: { type: "string" },
  server: { type: "string" },
  name: { type: "string" },
  seed: { type: "string" },
  "time-scale": { type: "string" },
  "economy-speed": { type: "string" },
  verbose: { type: "boolean", default: false },
  id: { type: "string" },
  player: { type: "string" },
  password: { type: "string" },
} as const;

/** parseArgs explains in English; the user gets German and the option it concerns. */
function argumentProblem(code: unknown, message: string): string {
  const option = /'([^']+)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `Unbekannte Option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `Ungültiger Wert für ${option}`;
  return `Ungültige Argumente (${message})`;
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
    else if (command === "run") await runCommand({ configPath, seed: values.seed, timeScale: values["time-scale"], economySpeed: values["economy-speed"], verbose: values.verbose, exitWithParent: env.DSBOT_EXIT_WITH_PARENT === "1" }, output);
    else if (command === "bots" && sub === "add") await botsAddCommand({ configPath, id: values.id, player: values.player, password: values.password }, output);
    else if (command === "bots" && sub === "list") await botsListCommand(configPath, output);
    else throw new UsageError(`Unbekannter Befehl „${positionals.join(" ")}“. Hilfe: dsbot --help`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof PairingError) {
      output.err(error.message);
      return 1;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      output.err(`${argumentProblem(error.code, error.message)}. Hilfe: dsbot --help`);
      return 1;
    }
    throw error;
  }
}
