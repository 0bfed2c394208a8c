// Access and sign-out: an owner grants a bot by exact username and the grantee
// is told at once; an admin sees a user's runners on the user detail and revokes one, which ends
// that runner's socket.
import type { Page } from "@playwright/test";
import { botOwner, createBot, FakeRunner, loginOwner } from "../bots";
import { expect, loginAs, test, toasts } from "../fixtures";

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Benachrichtigungen/ });
const menu = (page: Page) => page.getByRole("dialog", { name: /^Benachrichtigungen/ });

test("an owner grants a bot by exact username, and the grantee is notified live and sees the bot", async ({ page, browser, request }) => {
  const owner = await botOwner(request, "zugriff");
  const grantee = await botOwner(request, "gast");
  const bot = await createBot(request, owner, "Zugriffs-Bot");

  const granteeContext = await browser.newContext();
  try {
    const granteePage = await granteeContext.newPage();
    await loginOwner(granteePage, grantee, "/bots");
    await expect(granteePage.getByText("Zugriffs-Bot")).toHaveCount(0);

    await loginOwner(page, owner, `/bots/${bot.id}`);
    const field = page.getByRole("textbox", { name: "Benutzername" });
    const grant = page.getByRole("button", { name: "Zugriff geben" });
    const access = page.getByRole("list", { name: "Zugriffsliste" });
    await expect(page.getByText("Nur du hast Zugriff.")).toBeVisible();

    // Only an exact name finds a user: a prefix is "not found", shown under the field.
    await field.fill(grantee.username.slice(0, -1));
    const lookup = page.waitForResponse((r) => r.url().includes("/api/users/lookup"));
    await grant.click();
    expect((await lookup).status()).toBe(404);
    await expect(page.getByText("Der Benutzer wurde nicht gefunden.")).toBeVisible();
    await expect(page.getByText("Nur du hast Zugriff.")).toBeVisible();

    // Case does not matter.
    await field.fill(grantee.username.toUpperCase());
    await grant.click();
    await expect(toasts(page, "success").filter({ hasText: "Der Zugriff wurde erteilt." })).toHaveCount(1);
    await expect(access).toContainText(grantee.username);
    await expect(field).toHaveValue("");
    await expect(page.getByRole("table", { name: "Protokoll" }).getByRole("row").filter({ hasText: grantee.username })).toHaveCount(1);

    await expect(toasts(granteePage, "info").filter({ hasText: "Du hast neue Benachrichtigungen" })).toBeVisible();
    await bell(granteePage).click();
    await expect(menu(granteePage)).toContainText("Zugriff erhalten");
    await menu(granteePage).getByRole("button", { name: "Mehr anzeigen" }).click();
    await expect(menu(granteePage)).toContainText(`${owner.username} hat dir Zugriff auf den Bot "Zugriffs-Bot" gegeben.`);
    await granteePage.keyboard.press("Escape");
    await granteePage.goto(`/bots/${bot.id}`);
    await expect(granteePage.getByRole("heading", { level: 1, name: "Zugriffs-Bot" })).toBeVisible();
  } finally {
    await granteeContext.close();
  }
});

test("an admin lists a user's runners on the user detail and a revoke disconnects that runner", async ({ page, request }) => {
  const owner = await botOwner(request, "runnerbesitzer");
  const bot = await createBot(request, owner, "Runner-Bot");
  const runner = await FakeRunner.pair(request, owner, "Büro-PC");
  try {
    await runner.hello([bot]);
    const me = (await (await request.get("/api/auth/me", { headers: owner.headers })).json()) as { user: { id: number } };

    await loginAs(page, "admin", `/users/${me.user.id}`);
    const runners = page.getByRole("table", { name: "Runner des Benutzers" });
    const row = runners.getByRole("row").filter({ hasText: "Büro-PC" });
    await expect(row).toContainText("Online");

    await row.getByRole("button", { name: "Runner Büro-PC widerrufen" }).click();
    const dialog = page.getByRole("dialog", { name: "Runner widerrufen" });
    await expect(dialog).toContainText(`Der Runner "Büro-PC" von ${owner.username} verliert den Zugriff und wird sofort getrennt.`);
    await dialog.getByRole("button", { name: "Widerrufen" }).click();
    await expect(toasts(page, "success").filter({ hasText: 'Der Runner "Büro-PC" wurde widerrufen.' })).toHaveCount(1);
    await expect(runners.getByRole("row").filter({ hasText: "Büro-PC" })).toHaveCount(0);
    await expect(page.getByText("Dieser Benutzer hat keinen Runner verbunden.")).toBeVisible();

    // The runner's socket ended with its token: the owner's bot has no runner connection any more.
    await expect
      .poll(async () => {
        const response = await request.get(`/api/dsbot/${bot.id}/connections`, { headers: owner.headers });
        return ((await response.json()) as { websocketConnections: unknown[] }).websocketConnections.length;
      })
      .toBe(0);
  } finally {
    runner.close();
  }
});
