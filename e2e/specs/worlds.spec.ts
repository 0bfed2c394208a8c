// Welten (admin): add a world, import its files with the upload progress and the import phase, see
// the counts; a malformed file is refused in German and the data stays. Each run uses its own world.
import { expect, loginAs, test, toasts, uniqueSuffix } from "../fixtures";

/** A world in the game's formats: `villages` villages around 500|500, 3 players, 2 tribes (~35 bytes a village). */
function worldFiles(villages: number) {
  const lines: string[] = [];
  for (let i = 1; i <= villages; i++) {
    const x = 500 + (i % 100);
    const y = 500 + Math.floor(i / 100);
    lines.push(`${i},Dorf+Nummer+${i},${x},${y},${i % 4 === 0 ? 0 : 101 + (i % 3)},${100 + (i % 9000)},0`);
  }
  return {
    "village.txt": lines.join("\n"),
    "player.txt": ["101,Anna+Apfel,11,1,2000,2", "102,Bert,11,1,9000,1", "103,Carla,12,1,50,3"].join("\n"),
    "ally.txt": ["11,Die+Ersten,ERST,2,2,11000,11000,1", "12,Zweite+Reihe,Z%26R,1,1,50,50,2"].join("\n"),
  };
}

const file = (name: string, content: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(content) });

test("an admin adds a world and imports its files with progress", async ({ page }) => {
  const code = `zz${uniqueSuffix()}`;
  const label = code.toUpperCase();
  // The sidebar has no "Welten": the admin gets there from Benutzer, which stays highlighted.
  await loginAs(page, "admin", "/users");
  await page.getByRole("link", { name: "Welten", exact: true }).click();
  await expect(page).toHaveURL(/\/worlds$/);
  await expect(page.getByRole("heading", { name: "Welten" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Benutzer" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Welt hinzufügen" }).click();
  const add = page.getByRole("dialog", { name: "Welt hinzufügen" });
  await add.getByRole("textbox", { name: /^Welt/ }).fill(code);
  await add.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(add).toBeHidden();
  await expect(toasts(page, "success").filter({ hasText: `Die Welt ${label} (die-staemme.de) wurde hinzugefügt.` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: label });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Nie");

  await row.getByRole("button", { name: "Dateien importieren" }).click();
  const dialog = page.getByRole("dialog", { name: `Dateien importieren – ${label}` });
  const files = worldFiles(6000);
  await dialog.locator('input[type="file"]').setInputFiles([
    file("village.txt", files["village.txt"]),
    file("player.txt", files["player.txt"]),
    file("ally.txt", files["ally.txt"]),
  ]);
  await expect(dialog.getByText("village.txt, player.txt, ally.txt")).toBeVisible();

  // A slow uplink (~200 KB in ~2 s) so the upload's progress is there to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
  await dialog.getByRole("button", { name: "Importieren" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: /^Hochladen … \d+ %$/ })).toBeVisible();
  // The bar's filled part grows by a CSS transition; on a busy machine it can still be 0 px wide while
  // the status line reads "Hochladen … 61 %" (a visibility check then fails). Its value is what counts.
  await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^\d+$/);
  await expect(dialog.getByText("Importiere … Der Server prüft und schreibt die Daten.").or(toasts(page, "success"))).toBeVisible({ timeout: 20_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(toasts(page, "success").filter({ hasText: `${label}: 6.000 Dörfer, 3 Spieler und 2 Stämme importiert` })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell").nth(1)).toHaveText("6.000");
  await expect(row.getByRole("cell").nth(2)).toHaveText("3");
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");
  await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
});

test("a malformed file is refused in German, and the world keeps its data", async ({ page }) => {
  const code = `zy${uniqueSuffix()}`;
  const label = code.toUpperCase();
  const token = await (await page.request.post("/api/auth/login", { data: { username: "admin", password: "admin-passwort-123" } })).json() as { token: string };
  const created = await page.request.post("/api/worlds", { headers: { authorization: `Bearer ${token.token}` }, data: { server: "die-staemme.de", world: code } });
  expect(created.status()).toBe(201);

  await loginAs(page, "admin", "/worlds");
  const row = page.getByRole("row").filter({ hasText: label });
  const files = worldFiles(10);
  const importFiles = async (village: string) => {
    await row.getByRole("button", { name: "Dateien importieren" }).click();
    const dialog = page.getByRole("dialog", { name: `Dateien importieren – ${label}` });
    await dialog.locator('input[type="file"]').setInputFiles([file("village.txt", village), file("player.txt", files["player.txt"]), file("ally.txt", files["ally.txt"])]);
    await dialog.getByRole("button", { name: "Importieren" }).click();
    return dialog;
  };

  await importFiles(files["village.txt"]);
  await expect(row.getByRole("cell").nth(1)).toHaveText("10");

  const dialog = await importFiles(`${files["village.txt"]}\n11,Kaputt,1000,1,0,1,0`);
  await expect(dialog.getByText("Import abgelehnt – die bisherigen Daten bleiben erhalten")).toBeVisible();
  await expect(dialog.getByText(/^village\.txt, Zeile 11: /)).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(row.getByRole("cell").nth(1)).toHaveText("10");
});
