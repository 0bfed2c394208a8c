// Login, redirect, logout and the 401 rule.
import type { Page } from "@playwright/test";
import { apiToken, createUser, expect, loginWith, test, users } from "../fixtures";

test("a logged-out visit to /users lands on login with the redirect and returns there after login", async ({ page }) => {
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fusers$/);
  await expect(page.locator("body")).toHaveClass(/(^|\s)page--Login(\s|$)/);
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);

  await page.getByLabel("Benutzername").fill(users.admin.username);
  await page.getByLabel("Passwort", { exact: true }).fill(users.admin.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.locator("body")).toHaveClass(/(^|\s)page--Users(\s|$)/);
  await expect(page.getByRole("heading", { name: "Benutzer", exact: true })).toBeVisible();
});

test("a wrong password answers in German and stays on login", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Benutzername").fill(users.admin.username);
  await page.getByLabel("Passwort", { exact: true }).fill("falsches-passwort");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByText("Benutzername oder Passwort ist falsch.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("empty login fields show 'Eingabe erforderlich'", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByText("Eingabe erforderlich")).toHaveCount(2);
});

test("a redirect to another site is not followed", async ({ page }) => {
  await page.goto("/login?redirect=%2F%2Fevil.example%2Fx");
  await page.getByLabel("Benutzername").fill(users.admin.username);
  await page.getByLabel("Passwort", { exact: true }).fill(users.admin.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test("logout asks 'Logout bestätigen', confirming with 'Ausloggen' clears the browser storage", async ({ page }) => {
  const user = await createUser(page.request, "logout");
  await loginWith(page, user.username, user.password);
  expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Benutzermenü" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  const dialog = page.getByRole("dialog", { name: "Logout bestätigen" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: "Benutzermenü" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  const confirm = page.getByRole("dialog", { name: "Logout bestätigen" }).getByRole("button", { name: "Ausloggen" });
  // The danger button: red background.
  const background = await confirm.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
  expect(r).toBeGreaterThan(150);
  expect(r).toBeGreaterThan(g + 40);
  expect(r).toBeGreaterThan(b + 40);
  await confirm.click();

  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  // The token is revoked on the server: reloading a protected page lands on login again.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

/** The web token the page keeps in its storage. */
async function pageToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i) ?? "") ?? "";
      const match = /"token":"([^"]+)"/.exec(value);
      if (match) return match[1] ?? null;
    }
    return null;
  });
}

test("a 401 outside login logs the user out", async ({ page }) => {
  // No realtime connection here: the server would end it on logout and the page would log out at
  // once (next test); this one is about the 401 of an ordinary API call.
  await page.routeWebSocket(/\/socket\.io\//, () => undefined);
  const user = await createUser(page.request, "revoked");
  await loginWith(page, user.username, user.password, "/profile");
  await expect(page.getByText("Diese Sitzung")).toBeVisible();
  const token = await pageToken(page);
  expect(token).toBeTruthy();
  // Any other call of the page (a card still loading, a poll) would meet the 401 first and log out
  // before the form is sent: hold them unanswered, so the password change is the call that meets it.
  await page.route(/\/api\//, (route) => (route.request().url().endsWith("/api/profile/password") ? route.fallback() : undefined));
  // Revoke the page's session behind its back, then make the page call the API.
  const logout = await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(204);
  await page.getByLabel("Aktuelles Passwort", { exact: true }).fill(user.password);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("ein-neues-passwort-1");
  await page.getByLabel("Neues Passwort wiederholen", { exact: true }).fill("ein-neues-passwort-1");
  await page.getByRole("button", { name: "Passwort ändern", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});

test("a session revoked elsewhere logs the open page out at once, without a click", async ({ page, request }) => {
  const user = await createUser(request, "kicked");
  await loginWith(page, user.username, user.password, "/profile");
  await expect(page.getByText("Diese Sitzung")).toBeVisible();
  // The server ends the page's socket when the session goes (or refuses it, were it not yet connected).
  const admin = await apiToken(request, "admin");
  const revoked = await request.delete(`/api/users/${user.id}/sessions`, { headers: { authorization: `Bearer ${admin}` } });
  expect(revoked.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});
