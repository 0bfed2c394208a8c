// Entry point: read the config, build the app, listen, print how to log in, shut down cleanly.
import { demoGameWorld } from "@dsbot/protocol";
import { buildApp } from "./app.js";
import { DataDirBusyError } from "./db/client.js";
import { banner } from "./banner.js";
import type { Config } from "./core/config.js";
import { ConfigError, loadConfig } from "./core/config.js";
import { selfUrl, startDemoRunner } from "./demo/demo-runner.js";
import { DEMO_TOP_UP_INTERVAL_MS, ensureDemoAttackPlan, topUpDemoAttackPlan } from "./demo/demo-attack-plan.js";
import { emitAttacksChanged } from "./modules/attack-plans/index.js";
import { ensureDemoNotifications } from "./demo/demo-notifications.js";
import { ensureDemoTribe } from "./demo/demo-tribe.js";
import { ensureDemoWorld } from "./demo/demo-world.js";
import { DEMO_USERNAME } from "./modules/bootstrap/index.js";

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config).catch((error: unknown) => {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  // The demo world is on the map before the URL is printed; a failure costs the demo its map only.
  if (config.demo) {
    await ensureDemoWorld(app.db, config.dataDir, { log: app.fastify.log, workers: app.ctx.workers }).catch((error: unknown) => {
      app.fastify.log.error({ err: error }, "demo world failed to import");
    });
  }
  await app.fastify.listen({ port: config.port, host: config.host });
  const address = app.fastify.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // A demo runner that cannot start costs the demo its bots, not the server.
  const demoRunner = config.demo
    ? await startDemoRunner({
        db: app.db,
        demoUsername: DEMO_USERNAME,
        serverUrl: selfUrl(config.host, port),
        runnerDir: config.runnerDir,
        dataDir: config.dataDir,
        log: app.fastify.log,
      }).catch((error: unknown) => {
        app.fastify.log.error({ err: error }, "demo runner failed to start");
        return undefined;
      })
    : undefined;
  // After the demo bots exist: the plan switches on their Offplaner Scanner.
  let demoTopUp: NodeJS.Timeout | undefined;
  if (config.demo) {
    await ensureDemoAttackPlan(app.db, DEMO_USERNAME, demoGameWorld).catch((error: unknown) => {
      app.fastify.log.error({ err: error }, "demo attack plan failed");
    });
    await ensureDemoNotifications(app.db, DEMO_USERNAME, demoGameWorld).catch((error: unknown) => {
      app.fastify.log.error({ err: error }, "demo notifications failed");
    });
    await ensureDemoTribe(app.ctx, DEMO_USERNAME).catch((error: unknown) => {
      app.fastify.log.error({ err: error }, "demo tribe failed");
    });
    // Keep the demo alive for as long as the server runs: a started bot always has an attack ahead.
    demoTopUp = setInterval(() => {
      topUpDemoAttackPlan(app.db, DEMO_USERNAME, demoGameWorld)
        .then((change) => (change && change.added + change.removed > 0 ? emitAttacksChanged(app.ctx, [], [change.planId]) : undefined))
        .catch((error: unknown) => {
          app.fastify.log.warn({ err: error }, "demo attack plan top-up failed");
        });
    }, DEMO_TOP_UP_INTERVAL_MS);
    demoTopUp.unref();
  }
  console.log(`\n${banner(app, config, port)}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(demoTopUp);
    app.fastify.log.info({ signal }, "shutting down");
    // A hung close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    // The server closes first: its sockets end as "shutting down", which leaves the bots' status alone.
    // Only then does the demo runner process end, so the next start's runner resumes the running bots.
    app
      .close()
      .then(() => demoRunner?.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error("dsbot konnte nicht starten:", error);
  process.exit(1);
});
