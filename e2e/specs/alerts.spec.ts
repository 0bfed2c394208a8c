// Alerts (spec §8/§9): bottom-right expanding stack, 5000 ms, the network-error warning for 20000 ms.
import { expect, loginAs, sidebar, test, toasts } from "../fixtures";

const NETWORK_ERROR = "Beim Verbinden mit dem Server ist ein Fehler aufgetreten. Bitte versuche es später erneut.";

test("a network error shows one warning for 20000 ms, never twice at once", async ({ page }) => {
  await page.clock.install();
  await loginAs(page, "admin");
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));

  await sidebar(page).getByRole("link", { name: "Benutzer" }).click();
  const warning = toasts(page, "warning").filter({ hasText: NETWORK_ERROR });
  await expect(warning).toHaveCount(1);

  // A second failing call while the first warning shows does not add another.
  await page.getByRole("button", { name: "Benutzermenü" }).click();
  await page.getByRole("menuitem", { name: "Account" }).click();
  await page.waitForTimeout(300);
  await expect(toasts(page).filter({ hasText: NETWORK_ERROR })).toHaveCount(1);

  const toaster = page.locator("[data-sonner-toaster]");
  await expect(toaster).toHaveAttribute("data-y-position", "bottom");
  await expect(toaster).toHaveAttribute("data-x-position", "right");

  await page.mouse.move(5, 5);
  await page.clock.runFor(19_000);
  await expect(warning).toHaveCount(1);
  await page.clock.runFor(2_000);
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
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const success = toasts(page, "success");
  await expect(success).toHaveCount(1);
  await page.mouse.move(5, 5);
  await page.clock.runFor(4_500);
  await expect(success).toHaveCount(1);
  await page.clock.runFor(1_000);
  await expect(success).toHaveCount(0);
});

test("the copy button copies and confirms with the spec's text", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await loginAs(page, "admin", "/profile");
  await page.getByRole("button", { name: "Kopieren" }).first().click();
  await expect(toasts(page, "success").filter({ hasText: "Der Wert wurde in die Zwischenablage kopiert." })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toBe("");
});
