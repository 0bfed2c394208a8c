// Global search (the dialog, its timing, recent searches): Ctrl+K, one debounced request,
// aborting, groups, navigation, recent searches, and no bots of other users.
import type { Page, Request } from "@playwright/test";
import { createBot, createUser, expect, loginAs, loginWith, test, tokenFor, uniqueSuffix } from "../fixtures";

const searchInput = (page: Page) => page.getByRole("combobox", { name: "Suche" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Globale Suche" });

/** Two users, each with one bot whose name shares a prefix; returns the prefix and A's login. */
async function twoUsersWithBots(page: Page) {
  const request = page.request;
  const prefix = `Qs${uniqueSuffix()}`;
  const alice = await createUser(request, "search-a");
  const bob = await createUser(request, "search-b");
  const aliceBot = await createBot(request, await tokenFor(request, alice.username, alice.password), `${prefix}Alpha`);
  await createBot(request, await tokenFor(request, bob.username, bob.password), `${prefix}Beta`);
  return { prefix, alice, aliceBot };
}

/**
 * Ctrl+K (or `chord`) once the header is interactive: right after a navigation React may not have
 * bound the shortcut yet, so a press the header button's `aria-expanded` did not follow is repeated.
 * That state changes with the keydown itself; the dialog (a lazy chunk) may appear much later, and
 * waiting on it instead would press again while it loads and toggle it shut.
 */
async function pressShortcut(page: Page, chord = "Control+k") {
  const button = page.getByRole("banner").getByRole("button", { name: "Suche", exact: true });
  await expect(button).toBeVisible();
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await page.keyboard.press(chord);
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 2000 });
  }).toPass();
  await expect(searchInput(page)).toBeVisible();
}

function countSearchRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/search") requests.push(request);
  });
  return requests;
}

test("Ctrl+K opens and closes the dialog, the header button opens it, Escape closes it", async ({ page }) => {
  await loginAs(page, "demo");
  await expect(dialog(page)).toBeHidden();

  await pressShortcut(page);
  await expect(searchInput(page)).toBeFocused();
  await expect(page.getByText("Kürzlich gesucht")).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(dialog(page)).toBeHidden();

  await page.getByRole("banner").getByRole("button", { name: "Suche", exact: true }).click();
  await expect(searchInput(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
});

test.describe("on macOS", () => {
  test.use({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36" });

  test("⌘K and Ctrl+K both open and close the dialog, also with the focus in its input", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "platform", { get: () => "MacIntel" }));
    await loginAs(page, "demo");
    expect(await page.evaluate(() => [navigator.platform, navigator.userAgent.includes("Macintosh")])).toEqual(["MacIntel", true]);
    for (const chord of ["Meta+k", "Control+k"]) {
      await pressShortcut(page, chord);
      await expect(searchInput(page)).toBeFocused();
      await page.keyboard.press(chord);
      await expect(dialog(page)).toBeHidden();
    }
  });
});

test("typing a bot's name in another case sends exactly one request a second after typing stops, and only the own bot is found", async ({ page }) => {
  const { prefix, alice } = await twoUsersWithBots(page);
  await loginWith(page, alice.username, alice.password);
  const requests = countSearchRequests(page);

  await pressShortcut(page);
  // The browser notes its last keystroke; the request must follow it by about a second.
  await page.evaluate(() => document.addEventListener("keydown", () => ((window as unknown as { lastKeyAt: number }).lastKeyAt = Date.now()), true));
  const requestAt = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/search").then(() => Date.now());
  await searchInput(page).pressSequentially(prefix.toLowerCase(), { delay: 120 });
  await expect(page.getByTestId("search-skeleton")).toBeVisible();

  // Measured from the browser's last keystroke, so a slow test machine cannot fake an early request:
  // the first request must follow the last keystroke by about a second (none went out while typing).
  const sentAfter = (await requestAt) - (await page.evaluate(() => (window as unknown as { lastKeyAt: number }).lastKeyAt));
  expect(sentAfter).toBeGreaterThanOrEqual(950);
  expect(sentAfter).toBeLessThan(2500);
  expect(requests[0]?.postDataJSON()).toEqual({ searchVal: prefix.toLowerCase() });

  await expect(page.getByText("Bots (1)")).toBeVisible();
  await expect(page.getByRole("option", { name: new RegExp(`${prefix}Alpha`) })).toBeVisible();
  await expect(page.getByText(`${prefix}Beta`)).toHaveCount(0);
  await expect(page.getByText("Angriffspläne (0)")).toBeVisible();
  await expect(page.getByText("Es wurden keine Angriffspläne gefunden.")).toBeVisible();
  await expect(page.getByText("Downloads (0)")).toBeVisible();
  await expect(page.getByText("Es wurden keine Downloads gefunden.")).toBeVisible();
  await page.waitForTimeout(1200);
  expect(requests).toHaveLength(1);
});

test("newer input aborts the earlier request", async ({ page }) => {
  await loginAs(page, "demo");
  let first = true;
  await page.route("**/api/search", async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    await route.continue().catch(() => undefined);
  });
  const failed: string[] = [];
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname === "/api/search") failed.push(request.failure()?.errorText ?? "");
  });

  await pressShortcut(page);
  await searchInput(page).fill("dsb");
  await page.waitForRequest((r) => new URL(r.url()).pathname === "/api/search");
  await searchInput(page).fill("dsbot");
  await expect.poll(() => failed).toEqual([expect.stringContaining("ABORTED")]);
  await expect(page.getByText("Downloads (1)")).toBeVisible();
  await expect(page.getByRole("option", { name: "Dsbot" })).toBeVisible();
});

test("nothing matched shows 'Es wurden keine Suchergebnisse gefunden.'; the clear button empties the query", async ({ page }) => {
  await loginAs(page, "demo");
  await pressShortcut(page);
  await searchInput(page).fill(`nichts-${uniqueSuffix()}`);
  await expect(page.getByText("Es wurden keine Suchergebnisse gefunden.")).toBeVisible();
  await page.getByRole("button", { name: "Suche leeren" }).click();
  await expect(searchInput(page)).toHaveValue("");
  await expect(page.getByText("Kürzlich gesucht")).toBeVisible();
});

test("opening a result navigates, closes the dialog and records a recent search that can be reopened and deleted", async ({ page }) => {
  const { prefix, alice, aliceBot } = await twoUsersWithBots(page);
  await loginWith(page, alice.username, alice.password);

  await pressShortcut(page);
  await expect(page.getByText("Es wurden noch keine Suchen durchgeführt.")).toBeVisible();
  await searchInput(page).fill(prefix.toUpperCase());
  await page.getByRole("option", { name: new RegExp(`${prefix}Alpha`) }).click();
  await page.waitForURL(`**/bots/${aliceBot}`);
  await expect(dialog(page)).toBeHidden();

  // The recent search survives a reload (kept in the browser for this user).
  await page.reload();
  await pressShortcut(page);
  const row = page.getByRole("option", { name: new RegExp(`${prefix}Alpha`) });
  await expect(row).toBeVisible();
  await expect(row.getByText("Bot", { exact: true })).toBeVisible();
  await expect(row.getByTestId("recent-search-date")).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

  // Enter opens the active (first) recent search; the route change closes the dialog.
  await page.goto("/dashboard");
  await pressShortcut(page);
  await searchInput(page).press("Enter");
  await page.waitForURL(`**/bots/${aliceBot}`);
  await expect(dialog(page)).toBeHidden();

  await pressShortcut(page);
  await page.getByRole("button", { name: "Suche entfernen" }).click();
  await expect(page.getByText("Es wurden noch keine Suchen durchgeführt.")).toBeVisible();
});

test("a download result opens Downloads with the script query, chosen with the arrow keys", async ({ page }) => {
  await loginAs(page, "demo");
  await pressShortcut(page);
  await searchInput(page).fill("SCRIPT");
  await expect(page.getByText("Downloads (1)")).toBeVisible();
  await expect(page.getByRole("option", { name: "Userscript" })).toHaveAttribute("aria-selected", "true");
  await searchInput(page).press("ArrowDown");
  await searchInput(page).press("Enter");
  await page.waitForURL((url) => url.pathname === "/downloads" && url.searchParams.get("script") === "userscript");
  await expect(dialog(page)).toBeHidden();
});
