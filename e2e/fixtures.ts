// Shared e2e helpers: log in through the real login form, or fetch a token through the real API.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { users, type E2eUser } from "./users";

export { expect };
export { users };
export const test = base;

/** Log in through the login page and wait until the app has left it. */
export async function loginAs(page: Page, who: E2eUser, target = "/dashboard"): Promise<void> {
  const { username, password } = users[who];
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
}

/** A web token for API-level setup in tests. */
export async function apiToken(request: APIRequestContext, who: E2eUser): Promise<string> {
  const response = await request.post("/api/auth/login", { data: users[who] });
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** The world of the throw-away users and bots below. */
const E2E_WORLD = { server: "die-staemme.de", world: "de231" };

/**
 * New users and bots must be on a world the server knows (POST /api/users, POST /api/dsbot answer 400
 * otherwise): the admin adds it once, as "Welt hinzufügen" on Welten does (409: it is there already).
 */
export async function ensureE2eWorld(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, "admin");
  const response = await request.post("/api/worlds", { headers: { authorization: `Bearer ${token}` }, data: E2E_WORLD });
  expect([201, 409], await response.text()).toContain(response.status());
}

/** Create a throw-away user through the admin API; returns its id and credentials. */
export async function createUser(
  request: APIRequestContext,
  prefix: string,
  role: "admin" | "user" = "user",
): Promise<{ id: number; username: string; password: string }> {
  await ensureE2eWorld(request);
  const token = await apiToken(request, "admin");
  const username = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = "e2e-passwort-123";
  const response = await request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { username, password, role, world: E2E_WORLD },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { user: { id: number } };
  return { id: body.user.id, username, password };
}

/** Log in as any user through the form. */
export async function loginWith(page: Page, username: string, password: string, target = "/dashboard"): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
}

/** The sidebar navigation. */
export function sidebar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Hauptnavigation" });
}

/** All toasts (sonner) currently in the DOM, optionally of one variant. */
export function toasts(page: Page, type?: "success" | "info" | "warning" | "error"): Locator {
  return page.locator(type ? `[data-sonner-toast][data-type="${type}"]` : "[data-sonner-toast]");
}

/** A short unique suffix for names created by a test (bot player names allow 24 characters). */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A web token for any user through the real login API. */
export async function tokenFor(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { username, password } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/** Create a bot owned by the token's user (POST /api/dsbot); returns its id. */
export async function createBot(request: APIRequestContext, token: string, playerName: string): Promise<number> {
  await ensureE2eWorld(request);
  const response = await request.post("/api/dsbot", {
    headers: { authorization: `Bearer ${token}` },
    data: { dsPlayer: { name: playerName }, world: E2E_WORLD },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { dsbot: { id: number } }).dsbot.id;
}

/** An admin sends a notification to a user (POST /api/user-notifications with userId). */
export async function notifyUser(request: APIRequestContext, userId: number, title: string, message: string): Promise<number> {
  const token = await apiToken(request, "admin");
  const response = await request.post("/api/user-notifications", {
    headers: { authorization: `Bearer ${token}` },
    data: { title, message, userId },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { notification: { id: number } }).notification.id;
}
