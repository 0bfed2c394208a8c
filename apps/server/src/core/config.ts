// Every server setting comes from the environment, validated once at start.
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { defaultWebDir, defaultRunnerDir, defaultUserscriptDir } from "./paths.js";

/** The settings table for the README: name, default, meaning. Keep it in step with `envSchema`. */
export const configSettings = [
  { name: "PORT", default: "3000", description: "HTTP-Port für API, Realtime und Web-App" },
  { name: "HOST", default: "0.0.0.0 (mit Demo-Daten: 127.0.0.1)", description: "Adresse, an die der Server bindet; mit Demo-Daten nur dieser Rechner, bis HOST gesetzt ist" },
  { name: "DSBOT_DATA_DIR", default: "./data", description: "Datenordner; die eingebettete Datenbank liegt in <DSBOT_DATA_DIR>/pglite" },
  { name: "DATABASE_URL", default: "(leer)", description: "PostgreSQL-URL (postgres://…); leer = eingebettetes PGlite, memory:// = flüchtig im Speicher" },
  { name: "DSBOT_ADMIN_USERNAME", default: "admin", description: "Benutzername des Administrators, der beim ersten Start angelegt wird" },
  { name: "DSBOT_ADMIN_PASSWORD", default: "(generiert)", description: "Sein Passwort; leer = zufällig erzeugt und einmalig in der Konsole ausgegeben" },
  { name: "DSBOT_DEMO", default: "0 (npm start: 1)", description: "1 = Demo-Benutzer und Demo-Daten anlegen, 0 = leer starten" },
  { name: "DSBOT_DEMO_PASSWORD", default: "demo1234", description: "Passwort des Demo-Benutzers demo" },
  { name: "DSBOT_ALLOWED_ORIGINS", default: "(leer)", description: "Kommaliste zusätzlicher Origins für CORS und Realtime (z. B. http://localhost:5173)" },
  { name: "DSBOT_API_BASES", default: "{}", description: "JSON: Spielserver → API-Basisadresse, z. B. {\"die-staemme.de\":\"https://dsbot.example\"}" },
  { name: "DSBOT_WEB_DIR", default: "apps/web/dist", description: "Ordner der gebauten Web-App" },
  { name: "DSBOT_RUNNER_DIR", default: "apps/runner/dist", description: "Ordner des gebauten Runners (dsbot.mjs): Download und Demo-Runner" },
  { name: "DSBOT_USERSCRIPT_DIR", default: "apps/userscript/dist", description: "Ordner des gebauten Userscripts (dsbot.user.js): Download" },
  {
    name: "DSBOT_WORLD_SOURCE",
    default: "https://{world}.{server}",
    description: "Adresse, von der die Weltdaten stündlich geholt werden ({world} und {server} werden ersetzt), z. B. http://127.0.0.1:8080/{server}/{world}",
  },
  { name: "DSBOT_WORLD_SYNC", default: "1", description: "0 = Weltdaten nicht automatisch beim Start und stündlich abgleichen (\"Jetzt abgleichen\" geht weiter)" },
  { name: "DSBOT_WORKERS", default: "(Kerne − 1, 1 bis 4)", description: "Worker-Threads für lange Rechnungen (Angriffsplaner, lange Texte); der Event-Loop bleibt frei" },
  { name: "DSBOT_PLANNER_TIMEOUT_MS", default: "20000", description: "Höchstdauer einer Planung in ms; länger = Abbruch mit Meldung (422)" },
  { name: "DSBOT_EXPORT_MAX_MB", default: "20", description: "Größte Exportdatei eines Angriffsplans in MB; größere Exporte werden vorher mit einer Meldung abgelehnt" },
  { name: "DSBOT_BACKUP_DIR", default: "(leer)", description: "Ordner für automatische Sicherungen (dsbot-JJJJMMTT-HHmmss.tar.gz bzw. .dump, Zeit in UTC); leer = keine automatischen Sicherungen" },
  { name: "DSBOT_BACKUP_KEEP", default: "7", description: "So viele der neuesten automatischen Sicherungen bleiben im Ordner; ältere werden gelöscht" },
  { name: "DSBOT_BACKUP_INTERVAL_HOURS", default: "24", description: "Abstand der automatischen Sicherungen in Stunden (1 bis 168)" },
  { name: "DSBOT_TRUST_PROXY", default: "0", description: "1 = X-Forwarded-For eines vorgeschalteten Proxys vertrauen (Client-IP für Login-Sperre)" },
  {
    name: "DSBOT_METRICS_TOKEN",
    default: "(leer)",
    description: "Token für GET /metrics (Prometheus, Header Authorization: Bearer <Token>), mindestens 16 Zeichen; leer = /metrics ist aus (404)",
  },
  {
    name: "DSBOT_PUBLIC_URL",
    default: "http://localhost:<PORT>",
    description: "Adresse, unter der Spieler dsbot öffnen (z. B. https://dsbot.example): Links in Benachrichtigungen außerhalb des Browsers",
  },
  {
    name: "DSBOT_SECRET_KEY",
    default: "(Schlüsseldatei im Datenordner)",
    description: "Schlüssel (mindestens 16 Zeichen), mit dem die Zugangsdaten der Benachrichtigungskanäle verschlüsselt gespeichert werden; mehrere Instanzen brauchen denselben",
  },
  {
    name: "DSBOT_ALLOW_PRIVATE_TARGETS",
    default: "0",
    description: "1 = Benachrichtigungen dürfen an private Adressen und beliebige Ports gehen (Tests, eigene Discord-Brücken im lokalen Netz)",
  },
  { name: "DSBOT_SMTP_HOST", default: "(kein E-Mail-Versand)", description: "SMTP-Server für Benachrichtigungen per E-Mail; ohne ihn bietet das Profil keinen E-Mail-Kanal an" },
  { name: "DSBOT_SMTP_PORT", default: "587", description: "Port des SMTP-Servers (25, 465, 587 oder 2525)" },
  { name: "DSBOT_SMTP_SECURITY", default: "starttls", description: "starttls (Pflicht), tls (Port 465) oder none (nur im lokalen Netz)" },
  { name: "DSBOT_SMTP_FROM", default: "dsbot@<Host>", description: "Absender der E-Mails, z. B. dsbot <alarm@example.org>" },
  { name: "DSBOT_SMTP_USER", default: "(keine Anmeldung)", description: "Benutzername am SMTP-Server" },
  { name: "DSBOT_SMTP_PASSWORD", default: "(keine Anmeldung)", description: "Passwort am SMTP-Server" },
  { name: "LOG_LEVEL", default: "info", description: "fatal, error, warn, info, debug, trace oder silent" },
  { name: "LOG_FORMAT", default: "(Terminal: pretty, sonst json)", description: "pretty = lesbare Zeilen, json = eine JSON-Zeile je Eintrag" },
] as const;

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const logFormats = ["pretty", "json"] as const;
export type LogFormat = (typeof logFormats)[number];

const flag = (fallback: "0" | "1") =>
  z
    .enum(["0", "1", "true", "false"], { error: "muss 0 oder 1 sein" })
    .default(fallback)
    .transform((v) => v === "1" || v === "true");

/** An origin is scheme + host (+ port), nothing else: browsers send exactly that. */
const originSchema = z.url({ error: "ist keine gültige URL" }).transform((value, ctx) => {
  const url = new URL(value);
  if (url.origin === "null") {
    ctx.addIssue({ code: "custom", message: `${value} ist kein gültiger Origin` });
    return z.NEVER;
  }
  return url.origin;
});

const apiBasesSchema = z
  .string()
  .default("{}")
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "ist kein gültiges JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().min(1), z.url({ error: "Werte müssen URLs sein" })));

/** The base address of a world's public files: http(s), with {world} and {server} to fill in. */
export const DEFAULT_WORLD_SOURCE = "https://{world}.{server}";
const worldSourceSchema = z
  .string()
  .trim()
  .default(DEFAULT_WORLD_SOURCE)
  .refine((value) => value.includes("{world}") && value.includes("{server}"), "muss {world} und {server} enthalten")
  .refine((value) => {
    try {
      const url = new URL(value.replaceAll("{world}", "de1").replaceAll("{server}", "example.org"));
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "muss eine http(s)-Adresse sein, z. B. https://{world}.{server}")
  .transform((value) => value.replace(/\/+$/, ""));

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
const optional = <T extends string>(schema: z.ZodType<T>) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** A whole number in [min, max]; empty counts as unset. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number({ error: "muss eine Zahl sein" }).int("muss eine ganze Zahl sein").min(min, `muss mindestens ${min} sein`).max(max, `höchstens ${max}`).optional(),
  );

const envSchema = z.object({
  PORT: z.coerce.number({ error: "muss eine Zahl sein" }).int().min(0).max(65535).default(3000),
  HOST: optional(z.string().min(1)),
  DSBOT_DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional(
    z.string().regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, "muss mit postgres:// oder postgresql:// beginnen (oder memory://)"),
  ),
  DSBOT_ADMIN_USERNAME: z.string().trim().min(3).max(32).default("admin"),
  DSBOT_ADMIN_PASSWORD: optional(z.string().min(8, "muss mindestens 8 Zeichen haben").max(200)),
  DSBOT_DEMO: flag("0"),
  DSBOT_DEMO_PASSWORD: z.string().min(8, "muss mindestens 8 Zeichen haben").max(200).default("demo1234"),
  DSBOT_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(originSchema)),
  DSBOT_API_BASES: apiBasesSchema,
  DSBOT_WEB_DIR: optional(z.string()),
  DSBOT_RUNNER_DIR: optional(z.string()),
  DSBOT_USERSCRIPT_DIR: optional(z.string()),
  DSBOT_EXPORT_MAX_MB: z.coerce.number({ error: "muss eine Zahl sein" }).positive("muss größer als 0 sein").max(500, "höchstens 500").default(20),
  DSBOT_TRUST_PROXY: flag("0"),
  DSBOT_ALLOW_PRIVATE_TARGETS: flag("0"),
  DSBOT_PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: "muss eine http- oder https-Adresse sein" })),
  DSBOT_SECRET_KEY: optional(z.string().min(16, "muss mindestens 16 Zeichen haben (z. B. openssl rand -hex 32)").max(4096, "höchstens 4096 Zeichen")),
  DSBOT_SMTP_HOST: optional(z.string().trim().max(253)),
  DSBOT_SMTP_PORT: wholeNumber(1, 65535),
  DSBOT_SMTP_SECURITY: z.enum(["starttls", "tls", "none"], { error: "muss starttls, tls oder none sein" }).default("starttls"),
  DSBOT_SMTP_FROM: optional(z.string().trim().max(320)),
  DSBOT_SMTP_USER: optional(z.string().max(320)),
  DSBOT_SMTP_PASSWORD: optional(z.string().max(4096)),
  DSBOT_BACKUP_DIR: optional(z.string()),
  DSBOT_BACKUP_KEEP: wholeNumber(1, 1000),
  DSBOT_BACKUP_INTERVAL_HOURS: wholeNumber(1, 168),
  DSBOT_METRICS_TOKEN: optional(z.string().trim().min(16, "muss mindestens 16 Zeichen haben (z. B. openssl rand -hex 32)").max(4096, "höchstens 4096 Zeichen")),
  DSBOT_WORLD_SOURCE: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), worldSourceSchema),
  DSBOT_WORLD_SYNC: flag("1"),
  DSBOT_WORKERS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number({ error: "muss eine Zahl sein" }).int("muss eine ganze Zahl sein").min(1, "muss mindestens 1 sein").max(64, "höchstens 64").optional(),
  ),
  DSBOT_PLANNER_TIMEOUT_MS: z.coerce
    .number({ error: "muss eine Zahl sein" })
    .int("muss eine ganze Zahl sein")
    .min(100, "muss mindestens 100 sein")
    .max(600_000, "höchstens 600000")
    .default(20_000),
  LOG_LEVEL: z.enum(logLevels, { error: `muss eines von ${logLevels.join(", ")} sein` }).default("info"),
  LOG_FORMAT: optional(z.enum(logFormats, { error: `muss eines von ${logFormats.join(", ")} sein` })),
});

export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for PostgreSQL, "memory://" for a throw-away PGlite, undefined for PGlite on disk. */
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  demo: boolean;
  demoPassword: string;
  allowedOrigins: string[];
  apiBases: Record<string, string>;
  webDir: string;
  /** The built runner (apps/runner/dist): dsbot.mjs and its manifest, offered on /downloads. */
  runnerDir: string;
  /** The built userscript (apps/userscript/dist): dsbot.user.js and its manifest, offered on /downloads. */
  userscriptDir: string;
  /** Largest text an attack plan export may build (characters; the estimate refuses bigger ones before building). */
  exportMaxChars: number;
  trustProxy: boolean;
  /** Alerts may go to private addresses and any port (modules/alerts/target-guard.ts); tests and self-hosted bridges. */
  allowPrivateTargets: boolean;
  /** dsbot's address for players (links in alerts); undefined: http://localhost:<port>. */
  publicUrl?: string;
  /** The key the alert channels' secrets are sealed with (modules/alerts/secret-box.ts); undefined: `<dataDir>/secret.key`. */
  secretKey?: string;
  /** Send the alert outbox every second (modules/alerts/alert-outbox.ts); the test app turns it off. */
  alertDelivery: boolean;
  /** Where Discord's and Telegram's APIs are (fixed; tests point them at local receivers). */
  alertHosts: { discord: string; telegram: string };
  /** The SMTP server e-mail alerts go through (modules/alerts/alert-mail.ts); undefined: no e-mail channel. */
  smtp?: SmtpConfig;
  /** Scheduled backups (modules/backup): where, how many stay, how often; undefined: none. */
  backup?: { dir: string; keep: number; intervalHours: number };
  /** The bearer token GET /metrics asks for (modules/metrics); undefined: no metrics, /metrics is a 404. */
  metricsToken?: string;
  /** Template of a world's public files (`https://{world}.{server}`); see modules/worlds/world-source.ts. */
  worldSource: string;
  /** Sync the worlds from the game on start and hourly (the test app turns it off). */
  worldSync: boolean;
  /** Worker threads for work that grows with its input (workers/worker-pool.ts). */
  workers: number;
  /** A planner run longer than this is ended with a German 422. */
  plannerTimeoutMs: number;
  /** Run the attack clock every second (attacks due, expired, tab requests); the test app turns it off. */
  attackClock: boolean;
  logLevel: LogLevel;
  /** Undefined: pretty at a terminal, JSON otherwise. */
  logFormat?: LogFormat;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** starttls: the upgrade is required; tls: TLS from the start (465); none: plain (a local relay only). */
  security: "starttls" | "tls" | "none";
  from: string;
  auth?: { user: string; pass: string };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Read the settings from an environment; throws ConfigError listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.map(String).join(".") || "env"}: ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    port: e.PORT,
    // The demo's well-known login (demo/demo1234) must not be open to the network by default.
    host: e.HOST ?? (e.DSBOT_DEMO ? "127.0.0.1" : "0.0.0.0"),
    dataDir: path.resolve(e.DSBOT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminUsername: e.DSBOT_ADMIN_USERNAME,
    adminPassword: e.DSBOT_ADMIN_PASSWORD,
    demo: e.DSBOT_DEMO,
    demoPassword: e.DSBOT_DEMO_PASSWORD,
    allowedOrigins: e.DSBOT_ALLOWED_ORIGINS,
    apiBases: Object.fromEntries(Object.entries(e.DSBOT_API_BASES).map(([k, v]) => [k.toLowerCase(), v])),
    webDir: e.DSBOT_WEB_DIR ? path.resolve(e.DSBOT_WEB_DIR) : defaultWebDir,
    runnerDir: e.DSBOT_RUNNER_DIR ? path.resolve(e.DSBOT_RUNNER_DIR) : defaultRunnerDir,
    userscriptDir: e.DSBOT_USERSCRIPT_DIR ? path.resolve(e.DSBOT_USERSCRIPT_DIR) : defaultUserscriptDir,
    exportMaxChars: Math.round(e.DSBOT_EXPORT_MAX_MB * 1_000_000),
    trustProxy: e.DSBOT_TRUST_PROXY,
    allowPrivateTargets: e.DSBOT_ALLOW_PRIVATE_TARGETS,
    publicUrl: e.DSBOT_PUBLIC_URL?.replace(/\/+$/, ""),
    secretKey: e.DSBOT_SECRET_KEY,
    alertDelivery: true,
    alertHosts: { discord: "https://discord.com", telegram: "https://api.telegram.org" },
    smtp: e.DSBOT_SMTP_HOST
      ? {
          host: e.DSBOT_SMTP_HOST,
          port: e.DSBOT_SMTP_PORT ?? 587,
          security: e.DSBOT_SMTP_SECURITY,
          from: e.DSBOT_SMTP_FROM ?? `dsbot@${e.DSBOT_SMTP_HOST}`,
          ...(e.DSBOT_SMTP_USER ? { auth: { user: e.DSBOT_SMTP_USER, pass: e.DSBOT_SMTP_PASSWORD ?? "" } } : {}),
        }
      : undefined,
    backup: e.DSBOT_BACKUP_DIR
      ? { dir: path.resolve(e.DSBOT_BACKUP_DIR), keep: e.DSBOT_BACKUP_KEEP ?? 7, intervalHours: e.DSBOT_BACKUP_INTERVAL_HOURS ?? 24 }
      : undefined,
    metricsToken: e.DSBOT_METRICS_TOKEN,
    worldSource: e.DSBOT_WORLD_SOURCE,
    worldSync: e.DSBOT_WORLD_SYNC,
    workers: e.DSBOT_WORKERS ?? defaultWorkerCount(),
    plannerTimeoutMs: e.DSBOT_PLANNER_TIMEOUT_MS,
    attackClock: true,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}

/** Worker threads for a machine: one core stays with the event loop, at most four. */
export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}
