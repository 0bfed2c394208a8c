// The demo's own runner: the built runner file (apps/runner/dist/dsbot.mjs) started as its
// own process, exactly as a player would run it on their PC. The server never imports runner code: it
// writes the runner's config file (server, a runner token, the demo bots) into its data folder and runs
// `node dsbot.mjs run --config <file> --seed <demo world>`. The process is supervised: restarted with
// backoff when it dies, stopped after the server has closed its sockets (so a shutdown leaves the bots'
// status alone, and the next start's runner resumes them).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { DEMO_WORLD } from "@dsbot/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { DEMO_RUNNER_NAME, prepareDemoRunner, type DemoRunnerSetup } from "./demo-setup.js";

/** The sandbox world of the demo: the imported demo world's seed (demo-world.ts), game time at real speed. */
export const DEMO_WORLD_SEED = DEMO_WORLD.seed;
/**
 * The demo sandbox's economy runs 60 times the world's speed (production, build and recruit times; the
 * units walk at the world's pace, so attack plans stay exact): a started demo bot shows levels rising and
 * units trained within minutes (a level-26 timber camp takes 7 minutes instead of 7 hours).
 */
export const DEMO_ECONOMY_SPEED = 60;
/** The demo's sandbox raises the game's bot protection about once an hour of a bot's play ("Gelöst" resumes it). */
export const DEMO_BOT_PROTECTION_PER_HOUR = 1;
/** The sandbox takes any password; a real runner keeps the player's own on their PC. */
const DEMO_BOT_PASSWORD = "demo";
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A run this long counts as healthy: the next crash restarts quickly again. */
const HEALTHY_RUN_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/** Where the server itself is reachable from inside its process. */
export function selfUrl(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return `http://127.0.0.1:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** The runner's own config format (apps/runner config-file.ts), written with mode 0600: it holds a token. */
export async function writeDemoRunnerConfig(file: string, serverUrl: string, setup: DemoRunnerSetup): Promise<void> {
  const config = {
    server: serverUrl,
    token: setup.token,
    name: DEMO_RUNNER_NAME,
    bots: setup.bots.map((bot) => ({ dsbotId: bot.dsbotId, playerName: bot.playerName, password: DEMO_BOT_PASSWORD })),
  };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
  await chmod(file, 0o600);
}

/** The runner's console lines (`<ISO time> LEVEL message`) go into the server log at their own level. */
function relay(log: FastifyBaseLogger, line: string, fallback: "info" | "warn"): void {
  const match = /^\d{4}-\d{2}-\d{2}T\S+Z (DEBUG|INFO|WARN|ERROR)\s+(.*)$/.exec(line);
  if (!match) return log[fallback](line);
  const level = (match[1] as string).toLowerCase() as "debug" | "info" | "warn" | "error";
  log[level](match[2] as string);
}

export interface DemoRunnerProcess {
  /** The running child's pid (undefined between a crash and its restart). */
  readonly pid: number | undefined;
  /** Resolves once the runner process ended (SIGTERM, SIGKILL after a grace time). */
  stop(): Promise<void>;
}

export interface DemoRunnerOptions {
  db: Database;
  demoUsername: string;
  serverUrl: string;
  /** Folder with dsbot.mjs (config.runnerDir). */
  runnerDir: string;
  /** Where the runner's config file goes (the server's data folder). */
  dataDir: string;
  log: FastifyBaseLogger;
}

export async function startDemoRunner(options: DemoRunnerOptions): Promise<DemoRunnerProcess | undefined> {
  const runnerFile = path.join(options.runnerDir, "dsbot.mjs");
  const log = options.log.child({ runner: DEMO_RUNNER_NAME });
  if (!existsSync(runnerFile)) {
    log.warn({ runnerFile }, "Demo-Runner nicht gebaut (npm run build): die Demo-Bots lassen sich nicht starten");
    return undefined;
  }
  const setup = await prepareDemoRunner(options.db, options.demoUsername);
  if (!setup) return undefined;
  const configFile = path.join(options.dataDir, "demo-runner.json");
  await writeDemoRunnerConfig(configFile, options.serverUrl, setup);

  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = RESTART_MIN_MS;
  let restartTimer: NodeJS.Timeout | undefined;
  let exited: Promise<void> = Promise.resolve();

  const launch = () => {
    const startedAt = Date.now();
    const proc = spawn(process.execPath, [runnerFile, "run", "--config", configFile, "--seed", String(DEMO_WORLD_SEED), "--economy-speed", String(DEMO_ECONOMY_SPEED), "--bot-protection-per-hour", String(DEMO_BOT_PROTECTION_PER_HOUR)], {
      // Its own process group: Ctrl+C in the terminal reaches the server, which stops the runner in order.
      detached: true,
      // stdin stays open as a lifeline: the runner ends when the server is gone (DSBOT_EXIT_WITH_PARENT).
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, DSBOT_EXIT_WITH_PARENT: "1", DSBOT_RUNNER_CONFIG: configFile },
    });
    child = proc;
    createInterface({ input: proc.stdout }).on("line", (line) => relay(log, line, "info"));
    createInterface({ input: proc.stderr }).on("line", (line) => relay(log, line, "warn"));
    exited = new Promise((resolve) => {
      proc.on("exit", (code, signal) => {
        if (child === proc) child = undefined;
        resolve();
        if (stopping) return;
        if (Date.now() - startedAt > HEALTHY_RUN_MS) delay = RESTART_MIN_MS;
        log.error({ code, signal, restartInMs: delay }, "Demo-Runner beendet, starte neu");
        restartTimer = setTimeout(launch, delay);
        delay = Math.min(delay * 2, RESTART_MAX_MS);
      });
    });
    proc.on("error", (error) => {
      if (child === proc) child = undefined;
      log.error({ err: error }, "Demo-Runner konnte nicht gestartet werden");
    });
  };
  launch();
  log.info({ pid: child?.pid, runnerFile }, "Demo-Runner gestartet");
  // Killed with the server (also on a crash); a SIGKILL of the server is caught by the stdin lifeline.
  const killOnExit = () => child?.kill("SIGKILL");
  process.once("exit", killOnExit);

  return {
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      process.off("exit", killOnExit);
      const proc = child;
      if (!proc) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
