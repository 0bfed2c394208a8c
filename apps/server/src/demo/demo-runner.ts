// The demo's own runner (PRODUCT §8): started in-process after the server listens, paired with the
// demo user, hosting the demo user's bots in a sandbox world, so starting a bot works out of the box.
import { createRunner, createSandboxDriverFactory, RUNNER_VERSION, type Runner } from "@dsbot/runner";
import { SandboxWorld } from "@dsbot/sandbox";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { DEMO_RUNNER_NAME, prepareDemoRunner } from "./demo-setup.js";

/** The sandbox world of the demo: fixed seed, game time runs at real speed. */
export const DEMO_WORLD_SEED = 231;
/** The server does not wait longer than this for its own runner; the runner keeps reconnecting. */
const READY_TIMEOUT_MS = 10_000;

/** Where the server itself is reachable from inside its process. */
export function selfUrl(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return `http://127.0.0.1:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

export async function startDemoRunner(
  db: Database,
  demoUsername: string,
  serverUrl: string,
  log: FastifyBaseLogger,
): Promise<Runner | undefined> {
  const setup = await prepareDemoRunner(db, demoUsername);
  if (!setup) return undefined;
  const runnerLog = log.child({ runner: DEMO_RUNNER_NAME });
  const runner = createRunner({
    serverUrl,
    token: setup.token,
    name: DEMO_RUNNER_NAME,
    version: RUNNER_VERSION,
    // The sandbox takes any password; a real runner keeps the player's own on their PC.
    bots: setup.bots.map((bot) => ({ ...bot, password: "demo" })),
    driverFactory: createSandboxDriverFactory(new SandboxWorld({ seed: DEMO_WORLD_SEED })),
    logger: (level, message) => runnerLog[level](message),
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), READY_TIMEOUT_MS)));
  const outcome = await Promise.race([runner.ready(), timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") runnerLog.warn(`demo runner not connected after ${READY_TIMEOUT_MS} ms, still trying (${serverUrl})`);
  return runner;
}
