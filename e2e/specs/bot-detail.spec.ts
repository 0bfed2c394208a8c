// Bot detail: the actions Starten, Pausieren, Fortsetzen, Stoppen and Sofort stoppen
// drive a bot through a runner paired like a real one; the badge follows the pushed statuses.
import { botOwner, botStatus, createBot, FakeRunner, loginOwner } from "../bots";
import { expect, test, toasts } from "../fixtures";

test("the detail page's actions run a bot through its runner, enabled only where they apply", async ({ page, request }) => {
  const owner = await botOwner(request, "botdetail");
  const bot = await createBot(request, owner, "Detail-Spieler");
  const runner = await FakeRunner.pair(request, owner);
  try {
    const connections = await runner.hello([bot]);
    const connectionId = connections.get(bot.id)!;
    await loginOwner(page, owner, `/bots/${bot.id}`);
    await expect(page.getByRole("heading", { level: 1, name: bot.name })).toBeVisible();
    const badge = page.locator("header, main").locator(`[data-status]`).first();
    await expect(badge).toHaveText("Offline");
    await expect(page.getByRole("combobox", { name: "Runner-Verbindung" })).toHaveValue(`E2E-PC (#${connectionId})`);

    const button = (name: string) => page.getByRole("button", { name, exact: true });
    const enabled = async (names: string[]) => {
      for (const name of ["Starten", "Stoppen", "Pausieren", "Fortsetzen", "Sofort stoppen"]) {
        if (names.includes(name)) await expect(button(name), name).toBeEnabled();
        else await expect(button(name), name).toBeDisabled();
      }
    };
    await enabled(["Starten"]);

    await button("Starten").click();
    await expect(toasts(page, "success").filter({ hasText: "Der Bot wird gestartet." })).toHaveCount(1);
    await expect(badge).toHaveText("Startet");
    await expect.poll(() => runner.received).toContainEqual({ event: "runner:command", payload: { action: "start", dsbotId: bot.id } });
    await enabled(["Stoppen", "Sofort stoppen"]);

    await runner.botReports(bot.id, "online"); // the runner started the bot, which reports in
    await expect(badge).toHaveText("Online");
    await enabled(["Stoppen", "Pausieren", "Sofort stoppen"]);

    await button("Pausieren").click();
    await expect(badge).toHaveText("Pausiert");
    await expect.poll(() => runner.received).toContainEqual({ event: "bot:control", payload: { action: "pause" } });
    await enabled(["Stoppen", "Fortsetzen", "Sofort stoppen"]);

    await button("Fortsetzen").click();
    await expect(badge).toHaveText("Online");
    expect(await botStatus(request, owner, bot.id)).toBe("online");

    await button("Stoppen").click();
    await expect(badge).toHaveText("Stoppt"); // waits for the bot to go
    await enabled(["Sofort stoppen"]);

    await button("Sofort stoppen").click();
    const dialog = page.getByRole("dialog", { name: "Sofort stoppen" });
    await expect(dialog).toContainText("Der Bot wird ohne sauberes Beenden getrennt. Fortfahren?");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    // Closed before it opens again: a confirm clicked during the closing animation once did nothing.
    await expect(dialog).toBeHidden();
    await expect(badge).toHaveText("Stoppt");
    await button("Sofort stoppen").click();
    // Watched from before the click: the toast lives 5 s, which the dialog's closing may take on a busy machine.
    const stopped = toasts(page, "success").filter({ hasText: "Der Bot wurde sofort gestoppt." }).waitFor();
    await dialog.getByRole("button", { name: "Sofort stoppen" }).click();
    // Gone before the page's buttons are counted: while it closes, its own "Sofort stoppen" is a second one.
    await expect(dialog).toBeHidden();
    await stopped;
    await expect(badge).toHaveText("Offline");
    await enabled(["Starten"]);
    expect(await botStatus(request, owner, bot.id)).toBe("offline");

    // The log lists what happened, newest first (columns Level, Nachricht, Benutzer, Zeit).
    const log = page.getByRole("table", { name: "Protokoll" });
    await expect(log.getByRole("columnheader")).toHaveText(["Level", "Nachricht", "Benutzer", "Zeit"]);
    await expect(log.getByRole("row").filter({ hasText: "Zwangsgestoppt" })).toContainText(owner.username);
  } finally {
    runner.close();
  }
});

test("another user's bot is not found on its detail and module pages", async ({ page, request }) => {
  const stranger = await botOwner(request, "fremd");
  const foreign = await createBot(request, stranger, "Fremder-Bot");
  const owner = await botOwner(request, "eigen");
  await loginOwner(page, owner, `/bots/${foreign.id}`);
  await expect(page.getByText("Der Bot wurde nicht gefunden.")).toBeVisible();
  await expect(page.getByText(foreign.name)).toHaveCount(0);
  await page.goto(`/bots/${foreign.id}/timer`);
  await expect(page.getByText("Der Bot wurde nicht gefunden.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Timer" })).toHaveCount(0);
});
