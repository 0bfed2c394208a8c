// @dsbot/runner as a library: what the CLI uses and what a host (the server's demo mode) needs to
// run a runner in-process. It never imports the server.
export { createRunner, type HelloResult, type Runner, type RunnerOptions } from "./runner.js";
export { BotSession, type SessionState } from "./bot-session.js";
export { createSandboxDriverFactory } from "./sandbox-driver.js";
export { createManualClock, systemClock, type Clock, type ManualClock } from "./clock.js";
export { consoleLogger, silentLogger, type RunnerLogger } from "./logger.js";
export { pairDevice, PairingError, type PairOptions, type PairingCode } from "./pairing.js";
export { readRunnerConfig, writeRunnerConfig, resolveConfigPath, type RunnerConfig } from "./config-file.js";
export type { DriverFactory, LocalBotConfig } from "./types.js";
export { RUNNER_VERSION } from "./version.js";
