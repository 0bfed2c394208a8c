// Bot status badges for every status a runner can bring about, and live updates of the bot
// list and manager. A fake runner pairs through the real device flow.
import type { Page } from "@playwright/test";
import { botAction, botOwner, botStatus, botTable, createBot, FakeRunner, isBotListRequest, listCard, loginOwner, nextListRequest, param, playerCells } from "../bots";
import { expect, test, toasts } from "../fixtures";

async function mantineLightColor(page: Page, color: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement("span");
    probe.style.color = `var(--mantine-color-${name}-light-color)`;
    document.body.appendChild(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  }, color);
}

test("status badges: every status a runner can bring about, with the spec's colours, sort and filter", async ({ page, request }) => {
  const owner = await botOwner(request, "botstatus");
  // Names sort like their statuses do, so the status sort is easy to read below.
  const never = await createBot(request, owner, "a-ohne-status");
  const offline = await createBot(request, owner, "b-offline");
  const online = await createBot(request, owner, "c-online");
  const paused = await createBot(request, owner, "d-pausiert");
  const starting = await createBot(request, owner, "e-startet");
  const stopping = await createBot(request, owner, "f-stoppt");

  const runner = await FakeRunner.pair(request, owner);
  try {
    const connections = await runner.hello([never, offline, online, paused, starting, stopping]);
    const start = (bot: { id: number }) => botAction(request, owner, bot.id, "start", connections.get(bot.id));
    expect(await start(offline)).toBe("starting");
    expect(await botAction(request, owner, offline.id, "force-stop")).toBe("offline");
    expect(await start(starting)).toBe("starting");
    for (const bot of [online, paused, stopping]) {
      await start(bot);
      await runner.botReports(bot.id, "online");
    }
    expect(await botAction(request, owner, paused.id, "pause")).toBe("paused");
    // The bot socket is still connected, so a stop waits in "stopping" for the bot to go.
    expect(await botAction(request, owner, stopping.id, "stop", connections.get(stopping.id))).toBe("stopping");
    expect(await botStatus(request, owner, online.id)).toBe("online");
    expect(await botStatus(request, owner, never.id)).toBeNull();

    await loginOwner(page, owner);
    const card = listCard(page);
    await card.getByRole("combobox", { name: "Einträge pro Seite" }).click();
    await page.getByRole("option", { name: "10", exact: true }).click();
    await expect(playerCells(page)).toHaveCount(6);

    // Offline danger, paused orange, online success, starting/stopping warning; none = offline.
    const expected: { bot: { name: string }; status: string; label: string; color: string }[] = [
      { bot: never, status: "offline", label: "Offline", color: "red" },
      { bot: offline, status: "offline", label: "Offline", color: "red" },
      { bot: online, status: "online", label: "Online", color: "green" },
      { bot: paused, status: "paused", label: "Pausiert", color: "orange" },
      { bot: starting, status: "starting", label: "Startet", color: "yellow" },
      { bot: stopping, status: "stopping", label: "Stoppt", color: "yellow" },
    ];
    const colors = new Map<string, string>();
    for (const name of ["red", "green", "orange", "yellow"]) colors.set(name, await mantineLightColor(page, name));
    expect(new Set(colors.values()).size, "the four badge colours are distinct").toBe(4);
    for (const { bot, status, label, color } of expected) {
      const badge = botTable(page).getByRole("row").filter({ hasText: bot.name }).locator(".mantine-Badge-root");
      await expect(badge).toHaveText(label);
      await expect(badge).toHaveAttribute("data-status", status);
      await expect(badge, `${bot.name} is ${color}`).toHaveCSS("color", colors.get(color)!);
    }

    // Status sort: a missing status sorts as offline.
    const sorted = nextListRequest(page, "sortBy", "status");
    await botTable(page).getByRole("columnheader", { name: "Status" }).getByRole("button").click();
    await sorted;
    await expect(playerCells(page)).toHaveText(["a-ohne-status", "b-offline", "c-online", "d-pausiert", "e-startet", "f-stoppt"]);

    // Status filter with real statuses: only "Online" and "Stoppt".
    const filtered = page.waitForRequest((r) => isBotListRequest(r) && param(r, "statusFilter") === "online,stopping");
    const pills = card.locator(".mantine-Pill-root");
    for (const label of ["Offline", "Pausiert", "Startet"]) await pills.filter({ hasText: label }).locator(".mantine-Pill-remove").click();
    await filtered;
    await expect(playerCells(page)).toHaveText(["c-online", "f-stoppt"]);

    // Bot manager: only bots without status or offline that have a runner connection are selectable.
    const manager = page.getByRole("table", { name: "Bot-Manager-Auswahl" });
    await expect(manager.getByRole("checkbox", { name: "a-ohne-status auswählen" })).toBeEnabled();
    await expect(manager.getByRole("checkbox", { name: "b-offline auswählen" })).toBeEnabled();
    for (const name of ["c-online", "d-pausiert", "e-startet"]) {
      await expect(manager.getByRole("checkbox", { name: `${name} auswählen` })).toBeDisabled();
    }
    await manager.getByRole("checkbox", { name: "Alle auswählbaren Bots wählen" }).check();
    await expect(page.getByText("2 ausgewählt")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Aktive Runner-Verbindung" })).toBeEnabled();
  } finally {
    runner.close();
  }
});

test("live: runner connections and pushed statuses reach list, manager and alerts without a reload", async ({ page, request }) => {
  const owner = await botOwner(request, "botlive");
  const first = await createBot(request, owner, "Live-Eins");
  const second = await createBot(request, owner, "Live-Zwei");
  const runner = await FakeRunner.pair(request, owner);
  try {
    await loginOwner(page, owner);
    const manager = page.getByRole("table", { name: "Bot-Manager-Auswahl" });
    const selectFirst = manager.getByRole("checkbox", { name: "Live-Eins auswählen" });
    const active = page.getByRole("combobox", { name: "Aktive Runner-Verbindung" });
    await expect(selectFirst).toBeDisabled(); // no runner yet
    await expect(active).toBeDisabled();

    // The runner announces both bots: the manager learns of it at once.
    const connections = await runner.hello([first, second]);
    await expect(active).toBeEnabled();
    await expect(selectFirst).toBeEnabled();
    await active.click();
    // One entry per runner: its name and how many bots it offers.
    await page.getByRole("option", { name: "E2E-PC · 2 Bots" }).click();
    await expect(active).toHaveValue("E2E-PC · 2 Bots");
    await selectFirst.check();
    await expect(page.getByText("1 ausgewählt", { exact: true })).toBeVisible();

    // Status pushes: the badge follows; online and offline are announced with their German texts.
    const badge = botTable(page).getByRole("row").filter({ hasText: second.name }).locator(".mantine-Badge-root");
    await expect(badge).toHaveText("Offline");
    await botAction(request, owner, second.id, "start", connections.get(second.id));
    await expect(badge).toHaveText("Startet");
    await runner.botReports(second.id, "online");
    await expect(badge).toHaveText("Online");
    await expect(toasts(page, "success").filter({ hasText: `Der Bot "${second.name}" hat nun den Status "online"` })).toHaveCount(1);
    await botAction(request, owner, second.id, "force-stop");
    await expect(badge).toHaveText("Offline");
    await expect(toasts(page, "success").filter({ hasText: `Der Bot "${second.name}" hat nun den Status "offline"` })).toHaveCount(1);

    // The active runner connection goes away: active connection and selection are cleared.
    runner.disconnectRunner();
    await expect(page.getByText("0 ausgewählt", { exact: true })).toBeVisible();
    await expect(active).toHaveValue("");
    await expect(selectFirst).toBeDisabled();
  } finally {
    runner.close();
  }
});
