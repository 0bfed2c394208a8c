import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configSettings, loadConfig } from "./config.js";
import { usePretty } from "./logger.js";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      adminUsername: "admin",
      adminPassword: undefined,
      demo: false,
      demoPassword: "demo1234",
      allowedOrigins: [],
      apiBases: {},
      trustProxy: false,
      allowPrivateTargets: false,
      logLevel: "info",
    });
    expect(loadConfig({ DSBOT_ALLOW_PRIVATE_TARGETS: "1" }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ DSBOT_PUBLIC_URL: "https://dsbot.example/" })).toMatchObject({ publicUrl: "https://dsbot.example", alertDelivery: true });
    expect(() => loadConfig({ DSBOT_PUBLIC_URL: "ftp://dsbot.example" })).toThrow(/DSBOT_PUBLIC_URL: muss eine http- oder https-Adresse sein/);
    expect(() => loadConfig({ DSBOT_SECRET_KEY: "kurz" })).toThrow(/DSBOT_SECRET_KEY: muss mindestens 16 Zeichen haben/);
    expect(config.webDir).toMatch(/web[/\\]dist$/);
    expect(config.runnerDir).toMatch(/runner[/\\]dist$/);
    expect(config.logFormat).toBeUndefined();
  });

  it("reads the log format and refuses an unknown one in German", () => {
    expect(loadConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT: muss eines von pretty, json sein/);
  });

  it("prints pretty lines at a terminal and JSON otherwise, unless LOG_FORMAT says so", () => {
    expect(usePretty(undefined, true)).toBe(true);
    expect(usePretty(undefined, false)).toBe(false);
    expect(usePretty("json", true)).toBe(false);
    expect(usePretty("pretty", false)).toBe(true);
  });

  it("reads the worker threads and the planner's time limit, refusing nonsense in German", () => {
    expect(loadConfig({ DSBOT_WORKERS: "3", DSBOT_PLANNER_TIMEOUT_MS: "5000" })).toMatchObject({ workers: 3, plannerTimeoutMs: 5000 });
    expect(loadConfig({}).workers).toBeGreaterThanOrEqual(1);
    expect(loadConfig({}).plannerTimeoutMs).toBe(20_000);
    expect(() => loadConfig({ DSBOT_WORKERS: "0" })).toThrow(/DSBOT_WORKERS: muss mindestens 1 sein/);
    expect(() => loadConfig({ DSBOT_PLANNER_TIMEOUT_MS: "viel" })).toThrow(/DSBOT_PLANNER_TIMEOUT_MS: muss eine Zahl sein/);
  });

  it("reads where the world files come from and whether they are synced", () => {
    expect(loadConfig({})).toMatchObject({ worldSource: "https://{world}.{server}", worldSync: true });
    expect(loadConfig({ DSBOT_WORLD_SOURCE: " http://127.0.0.1:8080/{server}/{world}/ ", DSBOT_WORLD_SYNC: "0" })).toMatchObject({
      worldSource: "http://127.0.0.1:8080/{server}/{world}",
      worldSync: false,
    });
    expect(loadConfig({ DSBOT_WORLD_SOURCE: "" }).worldSource).toBe("https://{world}.{server}");
    expect(() => loadConfig({ DSBOT_WORLD_SOURCE: "https://welt.example" })).toThrow(/DSBOT_WORLD_SOURCE: muss \{world\} und \{server\} enthalten/);
    expect(() => loadConfig({ DSBOT_WORLD_SOURCE: "ftp://{world}.{server}" })).toThrow(/DSBOT_WORLD_SOURCE: muss eine http\(s\)-Adresse sein/);
    expect(() => loadConfig({ DSBOT_WORLD_SYNC: "nein" })).toThrow(/DSBOT_WORLD_SYNC: muss 0 oder 1 sein/);
    expect(loadConfig({}).exportMaxChars).toBe(20_000_000);
    expect(loadConfig({ DSBOT_EXPORT_MAX_MB: "0.5" }).exportMaxChars).toBe(500_000);
    expect(() => loadConfig({ DSBOT_EXPORT_MAX_MB: "viel" })).toThrow(/DSBOT_EXPORT_MAX_MB: muss eine Zahl sein/);
  });

  it("documents every variable it reads", () => {
    const names = configSettings.map((s) => s.name);
    for (const name of ["PORT", "HOST", "DSBOT_DATA_DIR", "DATABASE_URL", "DSBOT_ADMIN_USERNAME", "DSBOT_ADMIN_PASSWORD", "DSBOT_DEMO", "DSBOT_DEMO_PASSWORD", "DSBOT_ALLOWED_ORIGINS", "DSBOT_API_BASES", "DSBOT_WEB_DIR", "DSBOT_TRUST_PROXY", "LOG_LEVEL", "LOG_FORMAT", "DSBOT_RUNNER_DIR", "DSBOT_USERSCRIPT_DIR", "DSBOT_WORLD_SOURCE", "DSBOT_WORLD_SYNC", "DSBOT_WORKERS", "DSBOT_PLANNER_TIMEOUT_MS", "DSBOT_EXPORT_MAX_MB"]) {
      expect(names).toContain(name);
    }
  });

  it("reads and normalises the settings", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u@db:5432/dsbot",
      DSBOT_DEMO: "1",
      DSBOT_ALLOWED_ORIGINS: " http://localhost:5173/ , https://dsbot.example ",
      DSBOT_API_BASES: '{"Die-Staemme.de":"https://api.example"}',
      DSBOT_ADMIN_PASSWORD: "",
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe("postgres://u@db:5432/dsbot");
    expect(config.demo).toBe(true);
    expect(config.allowedOrigins).toEqual(["http://localhost:5173", "https://dsbot.example"]);
    expect(config.apiBases).toEqual({ "die-staemme.de": "https://api.example" });
    expect(config.adminPassword).toBeUndefined();
  });

  it("names every invalid variable", () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: "abc", DSBOT_DEMO: "yes", DSBOT_API_BASES: "{nope", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const name of ["PORT", "DSBOT_DEMO", "DSBOT_API_BASES", "DATABASE_URL", "LOG_LEVEL"]) expect(message).toContain(name);
  });

  it("refuses a too short admin password", () => {
    expect(() => loadConfig({ DSBOT_ADMIN_PASSWORD: "kurz" })).toThrow(/DSBOT_ADMIN_PASSWORD/);
  });
});
