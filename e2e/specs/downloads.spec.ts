// Downloads: from /dsbot-auth, step 1 leads to Downloads; the runner file is
// downloaded through the browser into an empty folder and run there with plain `node`, using exactly
// the commands the page shows for this server: it pairs, and a bot started from the dashboard comes
// online. The SHA-256 shown is the downloaded file's.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { createBot, createUser, expect, loginWith, test, toasts, tokenFor, uniqueSuffix } from "../fixtures";
import { runNode, type NodeChild } from "../node-process";

/** A shown command (`node dsbot.mjs …`) run in `dir` with HOME there, so its config stays in the folder. */
function runShown(command: string, dir: string) {
  const [program, ...args] = command.split(" ");
  expect(program).toBe("node");
  return runNode(args, { cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir } });
}

const commandBlocks = (card: Locator) => card.locator('[data-copyable="command"] pre');

test.describe("downloads", () => {
  let dir: string;
  const running: NodeChild[] = [];
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-download-"));
  });
  test.afterEach(() => {
    for (const child of running.splice(0)) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  test("download the runner from Dsbot Auth's step 1, run it with node in an empty folder, pair, start a bot", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const user = await createUser(request, "download");
    const token = await tokenFor(request, user.username, user.password);
    const name = `Dl${uniqueSuffix()}`;
    const botId = await createBot(request, token, name);

    // Step 1 on Dsbot Auth leads to the Dsbot card of Downloads, highlighted.
    await loginWith(page, user.username, user.password, "/dsbot-auth");
    await page.getByRole("link", { name: "Zu den Downloads" }).click();
    await expect(page).toHaveURL(/\/downloads\?script=dsbot$/);
    const card = page.getByRole("region", { name: "Dsbot" });
    await expect(card).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("region", { name: "Userscript" })).not.toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("region", { name: "Userscript" }).getByRole("link", { name: "Herunterladen" })).toHaveAttribute("href", /\/api\/downloads\/userscript\/file$/);

    // Download through the browser; the file is the only thing in the folder.
    const shownSha = (await card.locator('[data-copyable="hash"] pre').innerText()).trim();
    expect(shownSha).toMatch(/^[0-9a-f]{64}$/);
    const downloading = page.waitForEvent("download");
    await card.getByRole("link", { name: "Herunterladen" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("dsbot.mjs");
    await download.saveAs(path.join(dir, "dsbot.mjs"));
    expect(readdirSync(dir)).toEqual(["dsbot.mjs"]);
    expect(createHash("sha256").update(readFileSync(path.join(dir, "dsbot.mjs"))).digest("hex")).toBe(shownSha);

    // The commands shown are the ones for this server.
    const [pairCommand = "", addCommand = "", runCommand = ""] = await commandBlocks(card).allInnerTexts();
    expect(pairCommand).toBe(`node dsbot.mjs pair --server ${baseURL}`);
    expect(addCommand).toBe("node dsbot.mjs bots add --id <Bot-ID> --player <Spielername> --password <Passwort>");
    expect(runCommand).toBe("node dsbot.mjs run");

    // Pair with the shown command plus a name; confirm the code on Dsbot Auth.
    const runnerName = `Download-PC-${uniqueSuffix()}`;
    const pair = runShown(`${pairCommand} --name ${runnerName}`, dir);
    running.push(pair.child);
    const [, link] = await pair.waitForLine(/Öffne (\S+) und bestätige/);
    await page.goto(link?.replace(baseURL ?? "", "") ?? "/dsbot-auth");
    await page.getByRole("button", { name: "Verbinden" }).click();
    await expect(toasts(page, "success").filter({ hasText: `Der Runner "${runnerName}" ist jetzt mit deinem Konto verbunden.` })).toBeVisible();
    expect(await pair.exited, pair.output()).toBe(0);

    const add = runShown(addCommand.replace("<Bot-ID>", String(botId)).replace("<Spielername>", name).replace("<Passwort>", "geheim"), dir);
    expect(await add.exited, add.output()).toBe(0);
    const run = runShown(runCommand, dir);
    running.push(run.child);
    await run.waitForLine(/1 Bot\(s\) bereit/);

    // Started from the dashboard's Bot-Manager: it comes online.
    await page.goto("/bots");
    await page.getByRole("combobox", { name: "Aktive Runner-Verbindung" }).click();
    await page.getByRole("option", { name: `${runnerName} · 1 Bot` }).click();
    const checkbox = page.getByRole("table", { name: "Bot-Manager-Auswahl" }).getByRole("checkbox", { name: `${name} auswählen` });
    await expect(checkbox).toBeEnabled();
    await checkbox.check();
    await page.getByRole("button", { name: "Ausgewählte starten" }).click();
    await expect(toasts(page, "success").filter({ hasText: `Der Bot "${name}" hat nun den Status "online"` })).toBeVisible();
    await run.waitForLine(/Im Spiel angemeldet als/);
  });
});
