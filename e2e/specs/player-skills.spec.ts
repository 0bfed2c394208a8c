// Spieler Skills save and reload: a fresh user with one bot sets
// Freundschaft and Wehrpflicht for the bot's player, adds another player by name, and both keep their
// levels across a reload; the added player, removed after the confirm, is gone after a reload.
import type { Page } from "@playwright/test";
import { createBot, createUser, expect, loginWith, test, toasts, tokenFor, uniqueSuffix } from "../fixtures";

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const skill = (page: Page, player: string, label: string) => card(page, player).getByRole("textbox", { name: label, exact: true });

async function setSkill(page: Page, player: string, label: string, value: string) {
  const input = skill(page, player, label);
  await input.fill(value);
  await expect(input).toHaveValue(label === "Freundschaft" ? `${value} %` : value);
}

test.describe("player skills", () => {
  test("skills of the bot's player and of an added player are saved and survive a reload; removing one sticks", async ({ page, request }) => {
    const account = await createUser(request, "skills");
    const token = await tokenFor(request, account.username, account.password);
    const botPlayer = `Held${uniqueSuffix()}`;
    const guest = `Gast ${uniqueSuffix()}`;
    await createBot(request, token, botPlayer);

    await loginWith(page, account.username, account.password, "/ds-player-skills");
    const botCard = card(page, botPlayer);
    await expect(botCard).toBeVisible();
    await expect(botCard.getByText("Bot", { exact: true })).toBeVisible();
    await expect(botCard.getByText("de231 · die-staemme.de · Noch nicht gespeichert")).toBeVisible();
    await expect(skill(page, botPlayer, "Freundschaft")).toHaveValue("0 %");
    await expect(botCard.getByRole("button", { name: "Speichern" })).toBeDisabled();

    // The bot's player: Freundschaft 15, Wehrpflicht 2.
    await setSkill(page, botPlayer, "Freundschaft", "15");
    await setSkill(page, botPlayer, "Wehrpflicht", "2");
    await expect(botCard.getByText("Unterstützungen: +15 % schneller")).toBeVisible();
    await botCard.getByRole("button", { name: "Speichern" }).click();
    await expect(toasts(page, "success").filter({ hasText: `Die Skills von „${botPlayer}“ wurden gespeichert.` })).toBeVisible();
    await expect(botCard.getByRole("button", { name: "Speichern" })).toBeDisabled();

    await page.reload();
    await expect(skill(page, botPlayer, "Freundschaft")).toHaveValue("15 %");
    await expect(skill(page, botPlayer, "Wehrpflicht")).toHaveValue("2");
    await expect(skill(page, botPlayer, "Vorhut")).toHaveValue("0");
    await expect(card(page, botPlayer).getByText(/Gespeichert am \d\d\.\d\d\.\d\d \d\d:\d\d/)).toBeVisible();

    // Another player by name on the user's world, then levels for it.
    const addForm = page.getByRole("form", { name: "Spieler hinzufügen" });
    await expect(addForm.getByRole("textbox", { name: "Welt" })).toHaveValue("de231");
    await addForm.getByLabel("Spielername").fill(botPlayer.toUpperCase());
    await addForm.getByRole("button", { name: "Hinzufügen" }).click();
    await expect(addForm.getByText(`„${botPlayer.toUpperCase()}“ ist auf de231 schon in der Liste.`)).toBeVisible();

    await addForm.getByLabel("Spielername").fill(guest);
    await addForm.getByRole("button", { name: "Hinzufügen" }).click();
    await expect(toasts(page, "success").filter({ hasText: `„${guest}“ wurde hinzugefügt.` })).toBeVisible();
    const guestCard = card(page, guest);
    await expect(guestCard).toBeVisible();
    await setSkill(page, guest, "Vorhut", "4");
    await setSkill(page, guest, "Freundschaft", "7");
    await guestCard.getByRole("button", { name: "Speichern" }).click();
    await expect(toasts(page, "success").filter({ hasText: `Die Skills von „${guest}“ wurden gespeichert.` })).toBeVisible();
    await expect(guestCard.getByRole("button", { name: "Speichern" })).toBeDisabled();

    await page.reload();
    await expect(skill(page, guest, "Vorhut")).toHaveValue("4");
    await expect(skill(page, guest, "Freundschaft")).toHaveValue("7 %");
    await expect(skill(page, botPlayer, "Freundschaft")).toHaveValue("15 %");

    // Remove the added player after the confirm: gone, also after a reload; the bot's player stays.
    await card(page, guest).getByRole("button", { name: `${guest} entfernen` }).click();
    const dialog = page.getByRole("dialog", { name: "Spieler entfernen" });
    await expect(dialog).toContainText(`Die gespeicherten Skills von „${guest}“`);
    await dialog.getByRole("button", { name: "Entfernen" }).click();
    await expect(toasts(page, "success").filter({ hasText: `„${guest}“ wurde entfernt.` })).toBeVisible();
    await expect(card(page, guest)).toHaveCount(0);

    await page.reload();
    await expect(skill(page, botPlayer, "Wehrpflicht")).toHaveValue("2");
    await expect(card(page, guest)).toHaveCount(0);
  });
});
