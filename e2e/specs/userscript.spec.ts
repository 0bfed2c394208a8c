// The userscript: downloaded from Downloads (its SHA-256 is the file's), installed
// in Chromium as Tampermonkey would run it (evaluated at document end with GM_* functions) on local
// fixtures of the game's pages, it pairs through the device flow, shows the open tab request and the
// planned attacks of the village, and on the tab request's rally point link fills target and units with
// a countdown to the send time — and sends nothing.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { ATTACK_DUE_LEAD_MS, gameBaseUrl, knownServers, rallyPointUrl, type TabRequestListResponse, type UnitCounts } from "@dsbot/protocol";
import { allyOf, arrivalFor, coord, coordText, createPlan, DEMO_PLAN_WORLD, demoWorldData, importAttacks, nearestVillages, planOwner, villagesOf } from "../attack-plans";
import { expect, loginWith, test, toasts } from "../fixtures";

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../game-fixtures");
const GAME = gameBaseUrl(DEMO_PLAN_WORLD);

/** A fixture page with its {{placeholders}} filled in. */
function fixture(name: "overview" | "place", values: Record<string, string>): string {
  return readFileSync(path.join(fixtures, `${name}.html`), "utf8").replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

/** `@key value` of the script's metadata block. */
function metadata(source: string, key: string): string[] {
  const block = source.slice(0, source.indexOf("// ==/UserScript=="));
  return [...block.matchAll(new RegExp(`^// @${key}\\s+(.*)$`, "gm"))].map((m) => (m[1] ?? "").trim());
}

/**
 * The game's pages come from the fixtures (the game is never reached), and the script runs on them as a
 * userscript manager runs it: at document end, with GM_getValue/GM_setValue (kept per browser context,
 * so across page loads) and GM_xmlhttpRequest (made outside the page, so without CORS, as @connect allows).
 */
async function installUserscript(page: Page, source: string, values: Record<string, string>): Promise<{ posts: string[] }> {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(GAME) && request.method() !== "GET") posts.push(`${request.method()} ${request.url()}`);
  });
  await page.route(`${GAME}/**`, (route) => {
    const url = new URL(route.request().url());
    const screen = url.searchParams.get("screen") === "place" ? "place" : "overview";
    return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: fixture(screen, values) });
  });
  await page.exposeFunction("__gmRequest", async (details: { method: string; url: string; headers?: Record<string, string>; data?: string }) => {
    const response = await fetch(details.url, { method: details.method, headers: details.headers, body: details.data });
    return { status: response.status, responseText: await response.text() };
  });
  await page.addInitScript(
    ({ script, gameOrigin }) => {
      if (window.location.origin !== gameOrigin || !window.location.pathname.endsWith("/game.php")) return;
      type Details = { method: string; url: string; headers?: Record<string, string>; data?: string; onload?: (r: unknown) => void; onerror?: (e: unknown) => void };
      const call = (window as unknown as { __gmRequest: (d: object) => Promise<unknown> }).__gmRequest;
      const gm = {
        GM_getValue: (key: string, fallback: string) => window.localStorage.getItem(`gm:${key}`) ?? fallback,
        GM_setValue: (key: string, value: string) => window.localStorage.setItem(`gm:${key}`, value),
        GM_xmlhttpRequest: (d: Details) => {
          call({ method: d.method, url: d.url, headers: d.headers, data: d.data }).then(
            (r) => d.onload?.(r),
            (e: unknown) => d.onerror?.(e),
          );
        },
      };
      Object.assign(window, gm);
      // @run-at document-end
      document.addEventListener("DOMContentLoaded", () => new Function(script)());
    },
    { script: source, gameOrigin: GAME },
  );
  return { posts };
}

test("the userscript from Downloads pairs, shows the tab request and the village's attacks, and fills the rally point without sending", async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await planOwner(request, "uscript");

  // Downloads: the highlighted Userscript card; the downloaded file is the one its SHA-256 names.
  await loginWith(page, owner.username, owner.password, "/downloads?script=userscript");
  const card = page.getByRole("region", { name: "Userscript" });
  await expect(card).toHaveAttribute("aria-current", "true");
  const shownSha = (await card.locator('[data-copyable="hash"] pre').innerText()).trim();
  expect(shownSha).toMatch(/^[0-9a-f]{64}$/);
  await expect(card.locator('[data-copyable="address"] pre')).toHaveText(baseURL ?? "");
  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: "Herunterladen" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("dsbot.user.js");
  const bytes = readFileSync(await download.path());
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(shownSha);
  const source = bytes.toString("utf8");

  // Its metadata block: first in the file, the version shown, every market's game pages, minimal grants.
  expect(source.startsWith("// ==UserScript==\n")).toBe(true);
  await expect(card).toContainText(metadata(source, "version")[0] ?? "keine Version");
  expect(metadata(source, "match")).toEqual(knownServers.map((server) => `https://*.${server}/game.php*`));
  expect(metadata(source, "grant").sort()).toEqual(["GM_getValue", "GM_setValue", "GM_xmlhttpRequest"]);
  expect(metadata(source, "connect")).toContain("*");

  // An attack of Bruno's (no bot sends for this user) due within the minute: a tab request. A second
  // one from the same village, hours away: planned.
  const world = demoWorldData();
  const home = villagesOf(world, "Bruno")[0]!;
  const [target, later] = nearestVillages(world, home, 2, (v) => v.playerId !== 0 && allyOf(world, v) !== allyOf(world, home));
  const units: UnitCounts = { spear: 10 };
  const send = Date.now() + ATTACK_DUE_LEAD_MS - 5_000;
  const laterSend = Date.now() + 3 * 3_600_000;
  const planId = await createPlan(request, owner, "Userscript");
  await importAttacks(request, owner, planId, [
    { from: coord(home), to: coord(target!), type: "attack", units, unit: "spear", arrival: arrivalFor(home, target!, units, send), priority: 3 },
    { from: coord(home), to: coord(later!), type: "attack", units: { axe: 50 }, unit: "axe", arrival: arrivalFor(home, later!, { axe: 50 }, laterSend), priority: 3 },
  ]);
  await expect
    .poll(async () => ((await (await request.get("/api/tab-requests", { headers: owner.headers })).json()) as TabRequestListResponse).tabRequests.length)
    .toBe(1);

  // The game's overview page of that village: the script asks for its server, then pairs.
  const gamePage = await context.newPage();
  const { posts } = await installUserscript(gamePage, source, { village: String(home.id), name: home.name, coords: coordText(home), continent: "55" });
  await gamePage.goto(`${GAME}/game.php?village=${home.id}&screen=overview`);
  const panel = gamePage.getByRole("complementary", { name: "dsbot" });
  await expect(panel.getByRole("status")).toHaveText(/Noch nicht verbunden/);
  await panel.getByLabel("dsbot-Server").fill(`${baseURL}/`);
  await panel.getByRole("button", { name: "Koppeln" }).click();
  const approve = panel.getByRole("link", { name: "Dsbot Auth öffnen" });
  await expect(approve).toHaveAttribute("href", new RegExp(`^${baseURL}/dsbot-auth\\?code=[A-Z0-9-]+$`));
  const code = (await panel.locator("[data-dsbot-user-code]").innerText()).trim();
  expect(await approve.getAttribute("href")).toBe(`${baseURL}/dsbot-auth?code=${code}`);

  // The player confirms the code on Dsbot Auth (the signed-in tab).
  await page.goto(`/dsbot-auth?code=${code}`);
  await page.getByRole("button", { name: "Verbinden" }).click();
  // A userscript pairing says what it may do: read, never start bots.
  await expect(toasts(page, "success").filter({ hasText: 'Das Userscript "Userscript demo" ist jetzt gekoppelt. Es liest nur deine Tab-Anfragen und Angriffe.' })).toBeVisible();

  // Paired: the open tab request of this world and both attacks leaving the village.
  await expect(panel.getByText("Gekoppelt.")).toBeVisible();
  await expect(panel.getByText(`Gekoppelt mit ${baseURL}.`)).toBeAttached();
  // The game's page sees the panel, never the token (kept in the manager's storage, here the harness's
  // "gm:" keys): no field holds it, no text or attribute shows it.
  const { token, seen } = await gamePage.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem("gm:dsbot.pairing") ?? "{}") as { token?: string };
    return { token: stored.token ?? "", seen: document.documentElement.outerHTML + [...document.querySelectorAll("input")].map((i) => i.value).join("|") };
  });
  expect(token.length).toBeGreaterThan(20);
  expect(seen).not.toContain(token);
  const requests = panel.getByRole("region", { name: "Tab-Anfragen" });
  await expect(requests.getByRole("heading")).toHaveText("Tab-Anfragen (1)");
  const requestItem = requests.getByRole("listitem").filter({ hasText: `${coordText(home)} → ${coordText(target!)}` });
  await expect(requestItem).toContainText("Angriff: 10 Speerträger");
  await expect(requestItem).toContainText("Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst.");
  await expect(requestItem.getByText(/^Abschicken in 0:00:\d\d$/)).toBeVisible();
  const attackList = panel.getByRole("region", { name: "Angriffe aus diesem Dorf" });
  await expect(attackList.getByRole("heading")).toHaveText("Angriffe aus diesem Dorf (2)");
  await expect(attackList.getByRole("listitem").nth(0)).toContainText(`Angriff → ${coordText(target!)}`);
  await expect(attackList.getByRole("listitem").nth(1)).toContainText(`Angriff → ${coordText(later!)}`);
  await expect(attackList.getByRole("listitem").nth(1)).toContainText("50 Axtkämpfer");
  await expect(attackList.getByRole("listitem").nth(1).getByText(/^Abschicken in [23]:\d\d:\d\d$/)).toBeVisible();

  // "Tab öffnen": the rally point of the tab request, filled; the countdown runs; nothing is sent.
  const link = rallyPointUrl(DEMO_PLAN_WORLD, home.id, target!.id, units);
  await expect(requestItem.getByRole("link", { name: "Tab öffnen" })).toHaveAttribute("href", link);
  await requestItem.getByRole("link", { name: "Tab öffnen" }).click();
  await gamePage.waitForURL(link);
  const filled = gamePage.getByRole("region", { name: "dsbot: Versammlungsplatz ausgefüllt" });
  await expect(filled).toContainText(`Ziel ${coordText(target!)}, 10 Speerträger.`);
  await expect(filled).toContainText("Abschicken musst du selbst – das Skript klickt nie auf Senden.");
  const countdown = filled.getByText(/^Abschicken in 0:00:\d\d$/);
  await expect(countdown).toBeVisible();
  const first = await countdown.innerText();
  await expect(countdown).not.toHaveText(first);
  const form = gamePage.locator("#command-data-form");
  await expect(form.locator('input[name="x"]')).toHaveValue(String(target!.x));
  await expect(form.locator('input[name="y"]')).toHaveValue(String(target!.y));
  await expect(form.locator("#unit_input_spear")).toHaveValue("10");
  await expect(form.locator("#unit_input_spy")).toHaveValue("");
  await expect(form.locator("#unit_input_axe")).toHaveValue("");
  const state = await gamePage.evaluate(() => (window as unknown as { __fixture: { submits: number; clicks: number; inputs: string[] } }).__fixture);
  expect(state.inputs.sort()).toEqual(["spear", "spy", "x", "y"]);
  expect({ submits: state.submits, clicks: state.clicks, posts }).toEqual({ submits: 0, clicks: 0, posts: [] });
  await expect(gamePage).toHaveURL(link);
});
