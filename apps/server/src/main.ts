// Entry point: read the config, build the app, listen, print how to log in, shut down cleanly.
import type { App } from "./app.js";
import { buildApp } from "./app.js";
import type { Config } from "./config.js";
import { ConfigError, loadConfig } from "./config.js";
import { selfUrl, startDemoRunner } from "./demo/demo-runner.js";
import { DEMO_USERNAME } from "./modules/bootstrap/bootstrap.js";

function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const border = "═".repeat(width + 2);
  return [`╔${border}╗`, ...lines.map((l) => `║ ${l.padEnd(width)} ║`), `╚${border}╝`].join("\n");
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

function banner(app: App, config: Config, port: number): string {
  const { bootstrap } = app;
  const lines = [`dsbot läuft: http://localhost:${port}`, "", `Administrator: ${bootstrap.adminUsername}`];
  if (bootstrap.adminPassword) {
    lines.push(`Passwort:      ${bootstrap.adminPassword}`);
    if (bootstrap.adminPasswordGenerated) lines.push("(zufällig erzeugt und nur jetzt angezeigt – bitte notieren)");
  } else {
    lines.push("Passwort:      wie beim ersten Start ausgegeben bzw. DSBOT_ADMIN_PASSWORD");
  }
  if (bootstrap.demoUser) {
    lines.push(`Demo-Zugang:   ${bootstrap.demoUser.username} / ${bootstrap.demoUser.password}`);
    lines.push(`Demo-Runner:   läuft im Server, Bots unter http://localhost:${port}/bots starten`);
  }
  lines.push("", `Datenbank:     ${app.database.kind === "pglite" ? `PGlite, ${app.database.location}` : app.database.location}`);
  if (config.host !== "0.0.0.0" && config.host !== "::") lines.push(`Gebunden an:   ${config.host}`);
  if (bootstrap.demoUser && isLoopback(config.host)) {
    lines.push("", "Nur auf diesem Rechner erreichbar. Fürs Netzwerk öffnen (Demo-Passwort vorher ändern!):");
    lines.push("  HOST=0.0.0.0 DSBOT_DEMO_PASSWORD=<eigenes Passwort> npm start");
  }
  return box(lines);
}

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

  const app = await buildApp(config);
  await app.fastify.listen({ port: config.port, host: config.host });
  const address = app.fastify.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // A demo runner that cannot start costs the demo its bots, not the server.
  const demoRunner = config.demo
    ? await startDemoRunner(app.db, DEMO_USERNAME, selfUrl(config.host, port), app.fastify.log).catch((error: unknown) => {
        app.fastify.log.error({ err: error }, "demo runner failed to start");
        return undefined;
      })
    : undefined;
  console.log(`\n${banner(app, config, port)}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.fastify.log.info({ signal }, "shutting down");
    // A hung close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    // The demo runner stops its bots first, so their sockets are gone before the database closes.
    (demoRunner?.stop() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => app.close())
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
