// Two instances behind nginx: the built server twice on one fresh PostgreSQL
// database, nginx (Debian's package) with the repo's deploy/nginx.conf in front. Instance A has the
// demo data and the demo runner, which connects to A directly; nginx's first upstream is a port nobody
// listens on (it fails over, as to a dead instance) and its second is B, so the browser only ever
// talks to B. In Chromium the demo user logs in through nginx and starts a demo bot on the runner
// that sits on A: B carries the start to it and hears it come online. Needs DATABASE_URL (psql on
// the PATH) and nginx; `.ci/run` runs it in its PostgreSQL stage.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test, users } from "../fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const databaseUrl = process.env.DATABASE_URL;
const NGINX = process.env.E2E_NGINX ?? "/usr/sbin/nginx";

test.skip(!databaseUrl, "needs DATABASE_URL (PostgreSQL); .ci/run runs it in its PostgreSQL stage");

function psql(url: string, sql: string): string {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-tAq", "-c", sql], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Instance {
  child: ChildProcess;
  output: () => string;
}

/** The built server on `port`; resolves once it printed its banner. */
async function startInstance(port: number, dbUrl: string, dataDir: string, demo: boolean): Promise<Instance> {
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DSBOT_DATA_DIR: dataDir,
      DSBOT_ADMIN_USERNAME: users.admin.username,
      DSBOT_ADMIN_PASSWORD: users.admin.password,
      DSBOT_DEMO: demo ? "1" : "0",
      DSBOT_DEMO_PASSWORD: users.demo.password,
      DSBOT_WORLD_SYNC: "0",
      DSBOT_TRUST_PROXY: "1",
      // Info: the demo runner's lines come through A's log at their own level.
      LOG_LEVEL: "info",
    },
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  await expect.poll(() => text.includes("dsbot läuft") || child.exitCode !== null, { timeout: 90_000, intervals: [100] }).toBe(true);
  if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode}):\n${text}`);
  return { child, output: () => text };
}

/** nginx with the repo's config, only its listen port and upstream addresses set for this run. */
function startNginx(dir: string, port: number, upstreams: [number, number]): ChildProcess {
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace("server 127.0.0.1:3001 ", `server 127.0.0.1:${upstreams[0]} `)
    .replace("server 127.0.0.1:3002 ", `server 127.0.0.1:${upstreams[1]} `);
  expect(site).toContain(`server 127.0.0.1:${upstreams[1]} `);
  writeFileSync(path.join(dir, "dsbot.conf"), site);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events {}",
      "http {",
      `  access_log ${dir}/access.log;`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${dir}/${name};`),
      `  include ${dir}/dsbot.conf;`,
      "}",
    ].join("\n"),
  );
  return spawn(NGINX, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
}

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

test.describe("two instances behind nginx", () => {
  let dir: string;
  let dbUrl: string;
  const children: ChildProcess[] = [];
  const outputs = new Map<string, () => string>();

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-multi-"));
    const name = `dsbot_e2e_multi_${process.pid}_${Date.now()}`;
    psql(databaseUrl as string, `create database "${name}"`);
    const url = new URL(databaseUrl as string);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
  });

  // A failed run prints both instances' logs (A's includes the demo runner's lines): nothing else keeps them.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern
  test.afterEach(({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [name, output] of outputs) console.log(`━━ ${name} ━━\n${output().slice(-40_000)}`);
  });

  test.afterAll(() => {
    // SIGTERM: nginx's master then ends its workers too (after SIGKILL they would stay behind).
    for (const child of children) child.kill("SIGTERM");
    const name = new URL(dbUrl).pathname.slice(1);
    psql(databaseUrl as string, `drop database if exists "${name}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  test("the demo user logs in through nginx and starts a demo bot whose runner sits on the other instance", async ({ page }) => {
    test.setTimeout(240_000);
    const [portA, portB, deadPort, nginxPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    // A first: it migrates the new database and creates the demo data; B then finds both.
    const a = await startInstance(portA, dbUrl, path.join(dir, "a"), true);
    children.push(a.child);
    outputs.set("Instanz A (mit Demo-Runner)", a.output);
    const b = await startInstance(portB, dbUrl, path.join(dir, "b"), false);
    children.push(b.child);
    outputs.set("Instanz B", b.output);
    const nginx = startNginx(dir, nginxPort, [deadPort, portB]);
    children.push(nginx);
    const base = `http://127.0.0.1:${nginxPort}`;
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, { timeout: 30_000, intervals: [100] }).toBe(200);

    // The demo runner (A's child process) is connected to A: its connection rows carry A's instance.
    const runnerInstances = () =>
      psql(dbUrl, "select distinct instance_id from websocket_connections where origin = 'bot-user'").split("\n").filter(Boolean);
    await expect.poll(runnerInstances, { timeout: 60_000 }).toHaveLength(1);
    expect(runnerInstances()[0]).toContain(`-${a.child.pid}-`);

    await page.goto(`${base}/login?redirect=%2Fbots`);
    await page.getByLabel("Benutzername").fill(users.demo.username);
    await page.getByLabel("Passwort", { exact: true }).fill(users.demo.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await page.waitForURL((url) => url.pathname === "/bots");

    const active = page.getByRole("combobox", { name: "Aktive Runner-Verbindung" });
    await expect(active).toBeEnabled();
    await active.click();
    await page.getByRole("option", { name: /^Demo-Runner · \d+ Bots$/ }).click();
    const manager = page.getByRole("table", { name: "Bot-Manager-Auswahl" });
    const kalle = manager.getByRole("checkbox", { name: "Kalle auswählen" });
    await expect(kalle).toBeEnabled();
    await kalle.check();
    const startResponse = page.waitForResponse((r) => /\/api\/dsbot\/\d+\/start$/.test(r.url()));
    await page.getByRole("button", { name: "Ausgewählte starten" }).click();
    expect((await startResponse).status()).toBe(200);
    // B's website socket hears the bot come online on A (the toast of the live status push).
    await expect(toasts(page).filter({ hasText: 'Der Bot "Kalle" hat nun den Status "online"' })).toBeVisible({ timeout: 60_000 });

    // The browser's requests went through nginx (to B: nginx does not know A's port). A websocket is
    // logged when it closes, the login at once.
    expect(readFileSync(path.join(dir, "access.log"), "utf8")).toMatch(/"POST \/api\/auth\/login HTTP\/1\.1" 200 /);
    expect(b.output()).not.toMatch(/"level":(50|60)/);
    expect(a.output()).not.toMatch(/"level":(50|60)/);
  });
});
