// Alerts: bottom-right expanding stack, 5000 ms, the network-error warning for 20000 ms;
// a click dismisses a toast and keyboard focus in it holds its countdown.
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, loginAs, sidebar, test, toasts } from "../fixtures";

// Alert lifetimes are measured on the page's own clock: it is paused before the alert is triggered and
// then moved in small steps (the way real time passes), so a slow test machine cannot skew them.
const STEP_MS = 50;

async function pauseClock(page: Page): Promise<void> {
  // On a busy machine more than the 1000 ms margin can pass between reading the time and pausing
  // ("Cannot fast-forward to the past"); then the time is read again.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1000);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes("to the past")) throw error;
    }
  }
}

async function advance(page: Page, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= STEP_MS) await page.clock.runFor(Math.min(STEP_MS, left));
}

/** Step the paused clock until `toast` is in the DOM (`count` times); answers the page time that took. */
async function stepUntilShown(page: Page, toast: Locator, count = 1): Promise<number> {
  for (let elapsed = 0; elapsed <= 10_000; elapsed += STEP_MS) {
    if ((await toast.count()) >= count) return elapsed;
    await page.clock.runFor(STEP_MS);
  }
  throw new Error("the alert did not appear");
}

const NETWORK_ERROR = "Beim Verbinden mit dem Server ist ein Fehler aufgetreten. Bitte versuche es später erneut.";

test("a network error shows one warning for 20000 ms, never twice at once", async ({ page }) => {
  await page.clock.install();
  await loginAs(page, "admin");
  // Shell and page load their code on demand: freeze time only once they are there.
  const usersLink = sidebar(page).getByRole("link", { name: "Benutzer" });
  await usersLink.waitFor();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await page.mouse.move(5, 5);
  await pauseClock(page);
  // Only the users list loses the network: a dashboard or header request failing in the background
  // would raise the warning before the measurement starts (and the paused clock would keep it).
  await page.route(
    (url) => url.pathname === "/api/users",
    (route) => route.abort("internetdisconnected"),
  );
  await expect(toasts(page).filter({ hasText: NETWORK_ERROR })).toHaveCount(0);

  await usersLink.click();
  const warning = toasts(page, "warning").filter({ hasText: NETWORK_ERROR });
  await stepUntilShown(page, warning);
  const toaster = page.locator("[data-sonner-toaster]");
  await expect(toaster).toHaveAttribute("data-y-position", "bottom");
  await expect(toaster).toHaveAttribute("data-x-position", "right");

  // A second failing call while the first warning shows does not add another.
  await page.getByRole("textbox", { name: "Suche" }).fill("admin");
  await advance(page, 1_000);
  await expect(toasts(page).filter({ hasText: NETWORK_ERROR })).toHaveCount(1);

  await advance(page, 18_800);
  await expect(warning).toHaveCount(1);
  await advance(page, 1_200);
  await expect(warning).toHaveCount(0);
});

test("no network-error warning on the login page", async ({ page }) => {
  await page.goto("/login");
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("Benutzername").fill("admin");
  await page.getByLabel("Passwort", { exact: true }).fill("irgendwas-123");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForTimeout(1000);
  await expect(toasts(page).filter({ hasText: NETWORK_ERROR })).toHaveCount(0);
});

test("a success alert closes after 5000 ms", async ({ page }) => {
  await page.clock.install();
  await loginAs(page, "admin", "/users");
  const username = `alert-${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Benutzer anlegen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Benutzername").fill(username);
  await dialog.getByLabel("Passwort", { exact: true }).fill("alert-passwort-1");
  await page.mouse.move(5, 5);
  await pauseClock(page);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const success = toasts(page, "success");
  await stepUntilShown(page, success);
  await advance(page, 4_800);
  await expect(success).toHaveCount(1);
  await advance(page, 700);
  await expect(success).toHaveCount(0);
});

test("the copy button copies and confirms with the spec's text", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await loginAs(page, "admin", "/profile");
  await page.getByRole("button", { name: "Kopieren" }).first().click();
  await expect(toasts(page, "success").filter({ hasText: "Der Wert wurde in die Zwischenablage kopiert." })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toBe("");
});

const COPIED = "Der Wert wurde in die Zwischenablage kopiert.";

/** Copies a value on the profile page: a success toast (5000 ms), shown on the paused page clock. */
async function showCopiedToast(page: Page, context: BrowserContext): Promise<Locator> {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install();
  await loginAs(page, "admin", "/profile");
  // Pages load their code on demand and React reveals them on a timer: freeze time only once the page is there.
  const copy = page.getByRole("button", { name: "Kopieren" }).first();
  await copy.waitFor();
  await pauseClock(page);
  await copy.click();
  // Off the toaster: a pointer over it holds the countdown as well.
  await page.mouse.move(5, 5);
  const toast = toasts(page, "success").filter({ hasText: COPIED });
  await stepUntilShown(page, toast);
  return toast;
}

test("a click on a toast dismisses it before its time is up", async ({ page, context }) => {
  const toast = await showCopiedToast(page, context);
  await toast.getByText(COPIED).click();
  // The page clock stands still, so only the click can have closed it (plus sonner's 200 ms exit).
  await advance(page, 500);
  await expect(toast).toHaveCount(0);
});

test("a toast clicked away under the pointer does not keep holding the others", async ({ page, context }) => {
  const toast = await showCopiedToast(page, context);
  await page.getByRole("button", { name: "Kopieren" }).first().click();
  await page.mouse.move(5, 5);
  await stepUntilShown(page, toast, 2);
  await toast.first().click();
  await advance(page, 500);
  await expect(toast).toHaveCount(1);
  // No mouseleave comes from a removed toast; the remaining one still closes within its 5000 ms.
  await page.mouse.move(5, 5);
  await advance(page, 5_500);
  await expect(toast).toHaveCount(0);
});

test("a short slow drag on a toast neither swipes nor clicks it away", async ({ page, context }) => {
  const toast = await showCopiedToast(page, context);
  await toast.hover(); // waits until the toast has slid in and stands still
  const box = await toast.boundingBox();
  if (!box) throw new Error("the toast has no box");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10, y, { steps: 5 });
  await expect(toast).toHaveAttribute("data-swiping", "true");
  await advance(page, 300); // 10px in 300 ms: below the 20px distance and the 0.11 px/ms velocity
  await page.mouse.up();
  await advance(page, 500);
  await expect(toast).toHaveCount(1);
});

test("keyboard focus in a toast holds its countdown until the focus leaves", async ({ page, context }) => {
  const toast = await showCopiedToast(page, context);
  await advance(page, 1_000);
  const close = toast.getByRole("button", { name: "Meldung schließen" });
  for (let tabs = 0; tabs < 80 && !(await close.evaluate((button) => button === document.activeElement)); tabs++) {
    await page.keyboard.press("Tab");
  }
  await expect(close).toBeFocused();

  await advance(page, 6_000);
  await expect(toast).toHaveCount(1);

  await page.getByRole("button", { name: "Kopieren" }).first().focus();
  await advance(page, 3_800);
  await expect(toast).toHaveCount(1);
  await advance(page, 700);
  await expect(toast).toHaveCount(0);
});
