// An "Adelszug" entered in the add form (clearing attack plus nobles a spacing apart, one
// request), and single writes reaching a second open tab of the plan live, without a reload.
import type { AttackTrainResponse } from "@dsbot/protocol";
import { formatServerTime, serverTimeParts } from "@dsbot/protocol";
import { attackRow, attackRows, coordText, createPlan, demoWorldData, listAttacks, nearestVillages, planOwner, sendTimeFor, villagesOf } from "../attack-plans";
import { expect, loginWith, test, toasts } from "../fixtures";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
/** The form's arrival text (DD.MM.YYYY HH:mm:ss:SSS, server time). */
function arrivalText(ms: number): string {
  const p = serverTimeParts(ms, "Europe/Berlin");
  return `${pad(p.day)}.${pad(p.month)}.${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}:${pad(p.millisecond, 3)}`;
}

test("an Adelszug from the form: the clearing attack first, then the nobles the spacing apart, live in a second tab", async ({ browser, page, request }) => {
  const owner = await planOwner(request, "aptrain");
  const planId = await createPlan(request, owner, "Adelszug-Plan");
  const world = demoWorldData();
  const from = villagesOf(world, "Kalle")[0]!;
  const to = nearestVillages(world, from, 1, (v) => v.playerId === 0)[0]!;
  const arrival = Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000 + 250;

  await loginWith(page, owner.username, owner.password, `/attack-plans/${planId}`);
  await expect(page.getByText("Dieser Plan hat noch keine Angriffe.")).toBeVisible();
  // A second tab of the same plan, which only the live messages can update.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  try {
    await loginWith(watcher, owner.username, owner.password, `/attack-plans/${planId}`);
    await expect(watcher.getByText("Dieser Plan hat noch keine Angriffe.")).toBeVisible();

    await page.getByRole("button", { name: "Angriff hinzufügen" }).click();
    const dialog = page.getByRole("dialog", { name: "Angriff hinzufügen" });
    await dialog.getByTestId("attack-from").fill(coordText(from));
    await dialog.getByTestId("attack-to").fill(coordText(to));
    await dialog.getByLabel("Typ", { exact: true }).click();
    await page.getByRole("option", { name: "Adelung", exact: true }).click();
    const train = dialog.getByRole("group", { name: "Adelszug" });
    await dialog.getByLabel("Adelsgeschlecht", { exact: true }).fill("1");
    await dialog.getByLabel("Axtkämpfer", { exact: true }).fill("100");
    await dialog.getByLabel("Ankunftszeit", { exact: true }).fill(arrivalText(arrival));
    await train.getByLabel("Adelsgeschlechter", { exact: true }).fill("4");
    await train.getByLabel("Abstand (ms)", { exact: true }).fill("100");
    await train.getByRole("switch", { name: "Clear-Angriff vorweg" }).check();
    await train.getByLabel("Clear: Axtkämpfer", { exact: true }).fill("6000");
    await train.getByLabel("Clear: Rammbock", { exact: true }).fill("250");
    // Each attack of the train with its arrival and its own send time (rams for the clear, nobles after).
    const clearUnits = { axe: 6000, ram: 250 };
    const nobleUnits = { axe: 100, snob: 1 };
    await expect(train.getByRole("listitem")).toHaveText(
      [0, 100, 200, 300, 400].map((d, i) => {
        const send = sendTimeFor(from, to, i === 0 ? clearUnits : nobleUnits, arrival + d);
        return `${i === 0 ? "Clear" : `AG ${i}`} ${formatServerTime(arrival + d, "Europe/Berlin")} · Abschickzeit ${formatServerTime(send, "Europe/Berlin")}`;
      }),
    );

    const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/attack-plans/${planId}/attacks/train`);
    await dialog.getByRole("button", { name: "Speichern" }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { attacks } = (await response.json()) as AttackTrainResponse;
    expect(attacks.map((a) => [a.type, a.arrivalTime - arrival])).toEqual([
      ["attack", 0],
      ["conquer", 100],
      ["conquer", 200],
      ["conquer", 300],
      ["conquer", 400],
    ]);
    await expect(dialog).toBeHidden();
    await expect(toasts(page, "success").filter({ hasText: "Adelszug mit 5 Angriffen hinzugefügt." })).toBeVisible();

    // Both tabs show the five rows, the arrivals with their milliseconds.
    for (const tab of [page, watcher]) {
      await expect(attackRows(tab)).toHaveCount(5);
      for (const attack of attacks) await expect(attackRow(tab, attack.id)).toContainText(formatServerTime(attack.arrivalTime, "Europe/Berlin"));
    }

    // Deleting one row in the first tab removes it from the second.
    const [clear] = attacks;
    await attackRow(page, clear!.id).getByRole("button", { name: `Angriff ${coordText(from)} → ${coordText(to)} löschen` }).click();
    await page.getByRole("dialog", { name: "Löschen bestätigen" }).getByRole("button", { name: "Löschen", exact: true }).click();
    await expect(attackRow(watcher, clear!.id)).toHaveCount(0);
    await expect(attackRows(watcher)).toHaveCount(4);
    expect((await listAttacks(request, owner, planId)).totals).toBe(4);
  } finally {
    await watcherContext.close();
  }
});
