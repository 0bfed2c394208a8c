// Where the CLI writes: the terminal, or a recorder in tests.
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export const terminal: CliOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** A user error: printed without a stack trace, exit code 1. */
export class UsageError extends Error {}
