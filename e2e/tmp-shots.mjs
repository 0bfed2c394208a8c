import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3471";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [w, h] of [[1440, 900], [375, 800]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(base + "/login");
  await page.getByLabel("Benutzername").fill("demo");
  await page.getByLabel("Passwort", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL(/dashboard/);
  await page.getByRole("region", { name: "Eingehende Angriffe" }).waitFor();
  await page.screenshot({ path: `/tmp/shot-dashboard-${w}.png`, fullPage: true });
  await page.goto(base + "/incomings");
  await page.locator("tr[data-row-id]").first().waitFor();
  await page.screenshot({ path: `/tmp/shot-incomings-${w}.png`, fullPage: w > 1000 });
  await page.goto(base + "/dashboard-units");
  await page.locator("tr[data-row-id]").first().waitFor();
  await page.screenshot({ path: `/tmp/shot-troops-${w}.png`, fullPage: w > 1000 });
  await page.close();
}
await browser.close();
