// Benutzer (admin): list with search, create, detail, delete with confirmation.
import { createUser, expect, loginAs, test } from "../fixtures";

test("an admin creates, finds, opens and deletes a user", async ({ page }) => {
  await loginAs(page, "admin", "/users");
  const username = `neu-${Date.now().toString(36)}`;

  await page.getByRole("button", { name: "Benutzer anlegen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Eingabe erforderlich").first()).toBeVisible();
  await dialog.getByLabel("Benutzername").fill(username);
  await dialog.getByLabel("Passwort", { exact: true }).fill("kurz");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Mindestens 8 Zeichen")).toBeVisible();
  await dialog.getByLabel("Passwort", { exact: true }).fill("langes-passwort-1");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("textbox", { name: "Suche" }).fill(username.toUpperCase());
  const rows = page.getByRole("row").filter({ hasText: username });
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: username }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole("heading", { name: username })).toBeVisible();

  await page.getByRole("button", { name: "Benutzer löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Löschen bestätigen" });
  await expect(confirm).toContainText("Möchtest du diesen Benutzer wirklich löschen?");
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(page).toHaveURL(/\/users$/);
  // Wait for the searched answer itself (its empty row names the search), not for a moment before it.
  await page.getByRole("textbox", { name: "Suche" }).fill(username);
  await expect(page.getByText(`Keine Benutzer passend zu „${username}“.`)).toBeVisible();
  await expect(page.getByRole("link", { name: username })).toHaveCount(0);
});

test("a duplicate username is refused in German", async ({ page }) => {
  const existing = await createUser(page.request, "dup");
  await loginAs(page, "admin", "/users");
  await page.getByRole("button", { name: "Benutzer anlegen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Benutzername").fill(existing.username.toUpperCase());
  await dialog.getByLabel("Passwort", { exact: true }).fill("langes-passwort-1");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Dieser Benutzername ist bereits vergeben.")).toBeVisible();
});

test("an unknown user id shows the not-found state", async ({ page }) => {
  await loginAs(page, "admin", "/users/999999");
  await expect(page.getByText("Der Benutzer wurde nicht gefunden.")).toBeVisible();
});
