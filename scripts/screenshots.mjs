// `npm run screenshots`: the built server on a fresh data dir, shot in Chromium at three widths into
// docs/screenshots/ (the README links them). Run after UI changes; review the images before committing.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { buildMissing, root } from "./lib.mjs";

const PORT = 3461;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: "admin", password: "screenshot-passwort-1" };
const DEMO = { username: "demo", password: "demo1234" };
const WIDTHS = [375, 800, 1440];
const OUT = path.join(root, "docs/screenshots");

await buildMissing();
mkdirSync(OUT, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-shots-"));
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DSBOT_DATA_DIR: dataDir,
    DSBOT_ADMIN_USERNAME: ADMIN.username,
    DSBOT_ADMIN_PASSWORD: ADMIN.password,
    DSBOT_DEMO: "1",
    DSBOT_WORLD_SYNC: "0",
    LOG_LEVEL: "warn",
  },
});

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

async function call(method, url, token, body) {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** Demo scene: the first demo bot started on the in-process runner (the demo user has its own notifications). */
async function prepareDemo() {
  const demo = (await call("POST", "/api/auth/login", undefined, DEMO)).token;
  // The demo runner connects a moment after the server answers (it builds the demo world first).
  let bot;
  let connection;
  for (let i = 0; i < 150 && !connection; i++) {
    const { dsbots } = await call("GET", "/api/dsbot?websocketConnections=true&sortBy=player", demo);
    bot = dsbots.find((b) => b.dsPlayer.name === "Kalle") ?? dsbots[0];
    connection = bot?.websocketConnections.find((c) => c.origin === "bot-user");
    if (!connection) await new Promise((r) => setTimeout(r, 200));
  }
  if (!connection) throw new Error("the demo runner did not connect");
  await call("POST", `/api/dsbot/${bot.id}/start`, demo, { websocketConnectionId: connection.id });
  for (let i = 0; i < 50; i++) {
    const { dsbot } = await call("GET", `/api/dsbot/${bot.id}`, demo);
    if (dsbot.status === "online") break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { botId: bot.id };
}

/** Karte: the demo world around the own villages, one village opened (panel; a drawer on phones). */
async function shootMap(page, width) {
  await page.goto(`${BASE}/map`);
  await page.waitForFunction(() => (globalThis.__dsbotMap?.villageCount ?? 0) > 0);
  await page.waitForTimeout(800); // the bots arrive: the map centres on the own villages
  const hook = () => page.evaluate(() => ({ view: globalThis.__dsbotMap.view, hovered: globalThis.__dsbotMap.hovered }));
  const { view } = await hook();
  // The village nearest to the middle: hover outwards until one answers.
  for (let r = 0; r < 6; r++) {
    const point = await page.evaluate(([x, y]) => globalThis.__dsbotMap.clientPointOf(x, y), [Math.floor(view.cx) + r, Math.floor(view.cy)]);
    await page.mouse.move(point.x, point.y);
    if ((await hook()).hovered >= 0) {
      await page.mouse.click(point.x, point.y);
      await page.getByRole("link", { name: "Dorfinfo" }).waitFor();
      break;
    }
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `map-${width}.png`) });
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  await waitForServer();
  const { botId } = await prepareDemo();
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "de-DE", timezoneId: "Europe/Berlin" });
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByRole("button", { name: "Anmelden" }).waitFor();
    await page.screenshot({ path: path.join(OUT, `login-${width}.png`) });
    await page.getByLabel("Benutzername").fill(ADMIN.username);
    await page.getByLabel("Passwort", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(OUT, `dashboard-${width}.png`) });
    await page.goto(`${BASE}/users`);
    await page.getByRole("row").nth(1).waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(OUT, `users-${width}.png`) });
    await page.goto(`${BASE}/worlds`);
    await page.getByRole("row").filter({ hasText: "dsbot-demo.invalid" }).waitFor();
    await page.screenshot({ path: path.join(OUT, `worlds-${width}.png`) });
    await context.close();

    const demo = await browser.newContext({ viewport: { width, height: 900 }, locale: "de-DE", timezoneId: "Europe/Berlin" });
    const demoPage = await demo.newPage();
    await demoPage.goto(`${BASE}/login?redirect=/bots`);
    await demoPage.getByLabel("Benutzername").fill(DEMO.username);
    await demoPage.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
    await demoPage.getByRole("button", { name: "Anmelden" }).click();
    await demoPage.waitForURL((url) => url.pathname === "/bots");
    await demoPage.getByRole("table", { name: "Botliste" }).getByRole("row").nth(1).waitFor();
    await demoPage.waitForLoadState("networkidle");
    await demoPage.screenshot({ path: path.join(OUT, `bots-${width}.png`) });
    // The war room: the started bot's scanner fills the incomings, its inventory the troops.
    await demoPage.goto(`${BASE}/dashboard`);
    await demoPage.getByRole("region", { name: "Eingehende Angriffe" }).getByText(/Angriffe? unterwegs/).waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `dashboard-demo-${width}.png`) });
    await demoPage.goto(`${BASE}/incomings`);
    await demoPage.locator('[aria-label="Eingehende Angriffe"] [data-row-id]').first().waitFor();
    // On a phone the cards start below the filters: show the first of them.
    if (width < 540) await demoPage.locator('[aria-label="Eingehende Angriffe"] [data-row-id]').first().evaluate((card) => card.ownerDocument.defaultView?.scrollBy(0, card.getBoundingClientRect().top - 80));
    await demoPage.screenshot({ path: path.join(OUT, `incomings-${width}.png`) });
    await demoPage.goto(`${BASE}/dashboard-units`);
    await demoPage.locator('[aria-label="Truppen je Dorf"] tr[data-row-id]').first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `troops-${width}.png`) });
    await demoPage.goto(`${BASE}/bots/${botId}`);
    await demoPage.getByRole("table", { name: "Protokoll" }).getByText("Inventur", { exact: false }).first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `bot-detail-${width}.png`) });
    await demoPage.goto(`${BASE}/bots/${botId}?tab=villages`);
    await demoPage.getByLabel("Rohstoffe").first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `bot-villages-${width}.png`) });
    await demoPage.goto(`${BASE}/account-manager/templates`);
    await demoPage.getByRole("link", { name: "Starter (Demo)" }).waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `templates-${width}.png`) });
    await demoPage.getByRole("link", { name: "Starter (Demo)" }).click();
    await demoPage.getByText("Bauschritte", { exact: false }).first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `template-${width}.png`) });
    await demoPage.goto(`${BASE}/ds-player-skills`);
    await demoPage.getByRole("region", { name: "Kalle", exact: true }).waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `player-skills-${width}.png`) });
    await shootMap(demoPage, width);
    await demoPage.goto(`${BASE}/coords-filter`);
    await demoPage.getByRole("button", { name: "Zurücksetzen" }).click();
    await demoPage
      .getByRole("textbox", { name: "Text mit Koordinaten" })
      .fill("[b]Ziele Freitag[/b]\nAdelung: [coord]526|510[/coord], [coord]527|510[/coord]\nFakes: 500|500 501|502 498|497 520|520\nDoppelt: 526|510 – ohne Dorf: 999|999");
    await demoPage.getByText(/^\d+ Koordinaten gefunden$/).waitFor();
    await demoPage.getByRole("textbox", { name: "Gefilterte Koordinaten" }).waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `coords-filter-${width}.png`) });
    await demoPage.goto(`${BASE}/attack-plans`);
    await demoPage.getByRole("link", { name: /Demo-Offensive/ }).first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `attack-plans-${width}.png`) });
    await demoPage.getByRole("link", { name: /Demo-Offensive/ }).first().click();
    await demoPage.waitForURL(/\/attack-plans\/\d+$/);
    // A table from 540 px, one card per attack on a phone: both carry data-row-id.
    await demoPage.locator('[aria-label="Angriffe"] [data-row-id]').first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `attack-plan-${width}.png`) });
    await demoPage.goto(`${BASE}/tab-requests`);
    await demoPage.getByRole("heading", { name: "Tab Anfragen" }).waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `tab-requests-${width}.png`) });
    await demoPage.goto(`${BASE}/downloads`);
    await demoPage.getByText(/SHA-256/).first().waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `downloads-${width}.png`) });
    await demoPage.goto(`${BASE}/dsbot-auth`);
    await demoPage.getByRole("table", { name: "Verbundene Runner" }).waitFor();
    await demoPage.screenshot({ path: path.join(OUT, `dsbot-auth-${width}.png`) });
    await demoPage.getByRole("button", { name: "Benachrichtigungen" }).click();
    await demoPage.getByText("Adelung erkannt").first().waitFor();
    await demoPage.waitForTimeout(400); // the popup's fade-in
    await demoPage.screenshot({ path: path.join(OUT, `notifications-${width}.png`) });
    await demoPage.keyboard.press("Escape");
    await demoPage.keyboard.press("Control+k");
    await demoPage.getByRole("combobox", { name: "Suche" }).fill("a");
    await demoPage.getByText(/^Bots \(\d+\)$/i).waitFor();
    await demoPage.waitForTimeout(400);
    await demoPage.screenshot({ path: path.join(OUT, `search-${width}.png`) });
    await demo.close();
    console.log(`✔ ${width}px`);
  }
} finally {
  await browser.close();
  server.kill();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
