// Notification menu: live arrival with the info alert, preview cutting, optimistic
// mark one / mark all / remove that survive a reload.
import type { Page } from "@playwright/test";
import { createUser, expect, loginWith, notifyUser, test, toasts } from "../fixtures";

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Benachrichtigungen/ });
const menu = (page: Page) => page.getByRole("dialog", { name: /^Benachrichtigungen/ });
const items = (page: Page) => menu(page).getByTestId("notification-item");

async function expectUnread(page: Page, count: number) {
  await expect(bell(page)).toHaveAccessibleName(count === 0 ? "Benachrichtigungen" : `Benachrichtigungen, ${count} ungelesen`);
  const badge = page.getByTestId("notification-badge").locator(".mantine-Indicator-indicator");
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count));
}

test("a notification sent by an admin appears live with the info alert", async ({ page }) => {
  const user = await createUser(page.request, "notify-live");
  await loginWith(page, user.username, user.password);
  await expectUnread(page, 0);
  await bell(page).click();
  await expect(menu(page).getByText("Benachrichtigungen (0)")).toBeVisible();
  await expect(menu(page).getByText("Keine Benachrichtigungen vorhanden")).toBeVisible();

  await notifyUser(page.request, user.id, "Angriff erkannt", "Auf Dorf 500|500 läuft ein Angriff.");
  await expect(toasts(page, "info").filter({ hasText: "Du hast neue Benachrichtigungen" })).toBeVisible();
  await expectUnread(page, 1);
  await expect(menu(page).getByText("Benachrichtigungen (1)")).toBeVisible();
  await expect(items(page).first()).toContainText("Angriff erkannt");
  await expect(items(page).first()).toContainText("Auf Dorf 500|500 läuft ein Angriff.");
});

test("a 120-character message shows 50 characters plus an ellipsis and expands and collapses", async ({ page }) => {
  const user = await createUser(page.request, "notify-long");
  const message = `${"Lorem ipsum dolor sit amet, consectetur adipiscing "}${"x".repeat(69)}`;
  expect(message).toHaveLength(120);
  await notifyUser(page.request, user.id, "Lange Nachricht", message);
  await loginWith(page, user.username, user.password);
  await bell(page).click();

  const text = items(page).first().getByTestId("notification-message");
  await expect(text).toHaveText(`${message.slice(0, 50)}…`);
  await items(page).first().getByRole("button", { name: "Mehr anzeigen" }).click();
  await expect(text).toHaveText(message);
  await items(page).first().getByRole("button", { name: "Weniger anzeigen" }).click();
  await expect(text).toHaveText(`${message.slice(0, 50)}…`);
});

test("mark one, mark all and remove update the badge at once and survive a reload", async ({ page }) => {
  const user = await createUser(page.request, "notify-actions");
  for (const n of [1, 2, 3, 4]) await notifyUser(page.request, user.id, `Meldung ${n}`, `Text ${n}`);
  await loginWith(page, user.username, user.password);
  await expectUnread(page, 4);
  await bell(page).click();
  await expect(items(page)).toHaveCount(4);
  await expect(items(page).first()).toContainText("Meldung 4");

  // The server is slow to answer: the badge must not wait for it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/user-notifications/*/mark-as-read", async (route) => {
    await held;
    await route.continue();
  });
  await items(page).filter({ hasText: "Meldung 4" }).getByRole("button", { name: "Als gelesen markieren" }).click();
  await expectUnread(page, 3);
  await expect(menu(page).getByText("Benachrichtigungen (3)")).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().includes("/mark-as-read"));
  release();
  await answered;

  const removed = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/user-notifications/"));
  await items(page).filter({ hasText: "Meldung 1" }).getByRole("button", { name: "Benachrichtigung entfernen" }).click();
  await expect(items(page)).toHaveCount(3);
  await expectUnread(page, 2);

  const allRead = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/user-notifications/mark-as-read");
  await menu(page).getByRole("button", { name: "Alle als gelesen markieren" }).click();
  await expectUnread(page, 0);
  await expect(menu(page).getByText("Benachrichtigungen (0)")).toBeVisible();

  // The UI changed at once; the reload must only come once the server has been told.
  expect((await removed).ok()).toBe(true);
  expect((await allRead).ok()).toBe(true);
  await page.reload();
  await expectUnread(page, 0);
  await bell(page).click();
  await expect(items(page)).toHaveCount(3);
  await expect(menu(page).getByText("Meldung 1")).toHaveCount(0);
});

test("a failed action is rolled back with the server's message", async ({ page }) => {
  const user = await createUser(page.request, "notify-fail");
  await notifyUser(page.request, user.id, "Bleibt", "Wird nicht gelöscht");
  await loginWith(page, user.username, user.password);
  await page.route("**/api/user-notifications/*", async (route) => {
    if (route.request().method() !== "DELETE") return route.continue();
    await route.fulfill({ status: 404, json: { error: { code: "not_found", message: "Die Benachrichtigung wurde nicht gefunden." } } });
  });
  await bell(page).click();
  await items(page).first().getByRole("button", { name: "Benachrichtigung entfernen" }).click();
  await expect(toasts(page, "error").filter({ hasText: "Die Benachrichtigung wurde nicht gefunden." })).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  await expectUnread(page, 1);
});
