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

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  await waitForServer();
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
    await context.close();
    console.log(`✔ ${width}px`);
  }
} finally {
  await browser.close();
  server.kill();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
}
