// The start banner main.ts prints: address, logins, database, and how to open a demo to the network.
import type { App } from "./app.js";
import type { Config } from "./core/config.js";

function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const border = "═".repeat(width + 2);
  return [`╔${border}╗`, ...lines.map((l) => `║ ${l.padEnd(width)} ║`), `╚${border}╝`].join("\n");
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** What `npm start` prints once the server listens: where to open it and how to log in. */
export function banner(app: Pick<App, "bootstrap" | "database">, config: Pick<Config, "host">, port: number): string {
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
    lines.push(`Demo-Runner:   eigener Prozess (dsbot.mjs), Bots unter http://localhost:${port}/bots starten`);
  }
  lines.push("", `Datenbank:     ${app.database.kind === "pglite" ? `PGlite, ${app.database.location}` : app.database.location}`);
  if (config.host !== "0.0.0.0" && config.host !== "::") lines.push(`Gebunden an:   ${config.host}`);
  if (bootstrap.demoUser && isLoopback(config.host)) {
    lines.push("", "Nur auf diesem Rechner erreichbar. Fürs Netzwerk öffnen (Demo-Passwort vorher ändern!):");
    lines.push("  HOST=0.0.0.0 DSBOT_DEMO_PASSWORD=<eigenes Passwort> npm start");
  }
  return box(lines);
}
