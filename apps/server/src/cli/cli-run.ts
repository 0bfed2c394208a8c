// Shared by the backup commands: arguments, paths as the user typed them, German errors, exit code 0/1.
import path from "node:path";
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import type { Config } from "../core/config.js";
import { ConfigError, loadConfig } from "../core/config.js";
import { BackupError } from "../modules/backup/index.js";

/** A wrong call: the message and the usage. */
export class UsageError extends Error {}

/** `npm run` starts scripts in the repository; a relative path means the caller's folder (INIT_CWD). */
export function userPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Runs the command: its errors become German lines on stderr and exit code 1. */
export function runCommand(usage: string, command: (args: string[], config: () => Config) => Promise<void>): void {
  command(process.argv.slice(2), () => loadConfig()).then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
      else if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
      else console.error("Unerwarteter Fehler:", error);
      process.exitCode = 1;
    },
  );
}
