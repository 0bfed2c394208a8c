// A real runner process (the built `dsbot` CLI) against the real server: pair it through
// /dsbot-auth, watch its connection appear live, start a bot from the manager, drive it from the
// detail page, and kill the runner.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { createBot, createUser, expect, loginWith, test, toasts, tokenFor, uniqueSuffix } from "../fixtures";
import { runNode, type NodeChild } from "../node-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CLI = path.join(root, "apps/runner/dist/dsbot.mjs");

/** Runs the CLI. */
const dsbot = (args: string[]) => runNode([CLI, ...args]);

async function runToEnd(args: string[]): Promise<string> {
  const run = dsbot(args);
  const code = await run.exited;
  expect(code, run.output()).toBe(0);
  return run.output();
}

const statusAlert = (page: Page, name: string, status: string) =>
  toasts(page, "success").filter({ hasText: `Der Bot "${name}" hat nun den Status "${status}"` });

test.describe("runner end to end", () => {
  let dir: string;
  const running: NodeChild[] = [];

  test.beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-runner-"));
  });
  test.afterEach(() => {
    for (const child of running.splice(0)) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  test("pair, start from the manager, pause, resume, stop, force-stop, kill the runner", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const user = await createUser(request, "runner");
    const token = await tokenFor(request, user.username, user.password);
    const name = `Runner${uniqueSuffix()}`;
    const botId = await createBot(request, token, name);
    const config = path.join(dir, "runner.json");
    const runnerName = `E2E-PC-${uniqueSuffix()}`;

    // Pair: the runner prints the code and the link; the user confirms it on /dsbot-auth.
    const pair = dsbot(["pair", "--server", baseURL ?? "", "--name", runnerName, "--config", config]);
    running.push(pair.child);
    const [, link] = await pair.waitForLine(/Öffne (\S+) und bestätige/);
    const code = new URL(link ?? "").searchParams.get("code") ?? "";
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await loginWith(page, user.username, user.password, `/dsbot-auth?code=${code}`);
    await expect(page.getByLabel("Code")).toHaveValue(code);
    await page.getByRole("button", { name: "Verbinden" }).click();
    await expect(toasts(page, "success").filter({ hasText: `Der Runner "${runnerName}" ist jetzt mit deinem Konto verbunden.` })).toBeVisible();
    expect(await pair.exited, pair.output()).toBe(0);
    const runners = page.getByRole("table", { name: "Verbundene Runner" });
    await expect(runners.getByRole("row").filter({ hasText: runnerName })).toContainText("Getrennt");

    // The runner's local bot list holds the game account; then it runs.
    await runToEnd(["bots", "add", "--id", String(botId), "--player", name, "--password", "geheim", "--config", config]);
    await page.goto("/bots");
    const manager = page.getByRole("table", { name: "Bot-Manager-Auswahl" });
    await expect(manager.getByRole("checkbox", { name: `${name} auswählen` })).toBeDisabled();
    const run = dsbot(["run", "--config", config, "--time-scale", "60"]);
    running.push(run.child);
    await run.waitForLine(/1 Bot\(s\) bereit/);

    // Its bot-user connection shows up live (no reload): pick it and start the bot.
    await page.getByRole("combobox", { name: "Aktive Runner-Verbindung" }).click();
    await page.getByRole("option", { name: `${runnerName} · 1 Bot` }).click();
    const checkbox = manager.getByRole("checkbox", { name: `${name} auswählen` });
    await expect(checkbox).toBeEnabled();
    await checkbox.check();
    const startResponse = page.waitForResponse((r) => r.url().endsWith(`/api/dsbot/${botId}/start`));
    await page.getByRole("button", { name: "Ausgewählte starten" }).click();
    expect(((await (await startResponse).json()) as { dsbot: { status: string } }).dsbot.status).toBe("starting");
    await expect(statusAlert(page, name, "online")).toBeVisible();

    // Detail page: pause, resume, stop, start again, force-stop.
    await page.goto(`/bots/${botId}`);
    const badge = page.locator("[data-status]").first();
    await expect(badge).toHaveAttribute("data-status", "online");
    await page.getByRole("button", { name: "Pausieren" }).click();
    await expect(badge).toHaveAttribute("data-status", "paused");
    await page.getByRole("button", { name: "Fortsetzen" }).click();
    await expect(badge).toHaveAttribute("data-status", "online");
    await expect(page.getByRole("table", { name: "Protokoll" })).toContainText("Im Spiel angemeldet");

    await page.getByRole("button", { name: "Stoppen", exact: true }).click();
    await expect(statusAlert(page, name, "offline")).toBeVisible();
    await expect(badge).toHaveAttribute("data-status", "offline");

    await page.getByRole("button", { name: "Starten", exact: true }).click();
    await expect(badge).toHaveAttribute("data-status", "online");
    await page.getByRole("button", { name: "Sofort stoppen" }).click();
    await page.getByRole("dialog", { name: "Sofort stoppen" }).getByRole("button", { name: "Sofort stoppen" }).click();
    await expect(badge).toHaveAttribute("data-status", "offline");

    // Started once more, then the runner process dies: offline and its connections gone, no reload.
    await page.getByRole("button", { name: "Starten", exact: true }).click();
    await expect(badge).toHaveAttribute("data-status", "online");
    const connections = page.getByRole("list", { name: "Verbindungen" });
    await expect(connections.getByRole("listitem")).toHaveCount(2);
    run.child.kill("SIGKILL");
    await expect(badge).toHaveAttribute("data-status", "offline");
    await expect(page.getByText("Keine aktiven Verbindungen.")).toBeVisible();
  });
});
