// The runner's own log (stdout for the CLI, the host's logger in-process); bot logs also go to the server.
import type { LogLevel } from "@dsbot/protocol";

export type RunnerLogger = (level: LogLevel, message: string) => void;

const levelOrder: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Lines like `2026-11-23T13:00:00.000Z INFO  [Bot 3] Online` on stdout; below `minLevel` is dropped. */
export function consoleLogger(minLevel: LogLevel = "info"): RunnerLogger {
  return (level, message) => {
    if (levelOrder[level] < levelOrder[minLevel]) return;
    console.log(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`);
  };
}

export const silentLogger: RunnerLogger = () => {};
