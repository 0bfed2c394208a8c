// Der Stamm in the browser: a leader founds a tribe and hands out an invitation link; a second user
// joins through it and the leader's members table shows them without a reload; the leader's pasted SOS
// reaches the member's Stammes-Eingänge live, and so does the leader's request for support against it;
// the leader removes the member and the removed member's open page loses the tribe at once.
import { formatServerTime } from "@dsbot/protocol";
import { coordText, demoWorldData, nearestVillages, planOwner, villagesOf } from "../attack-plans";
import { expect, loginWith, sidebar, test, toasts, uniqueSuffix } from "../fixtures";

/** An SOS of the game: Kalle's first village attacked from the nearest village of another player. */
function sosText(): { text: string; target: string; origin: string } {
  const world = demoWorldData();
  const target = villagesOf(world, "Kalle")[0]!;
  const origin = nearestVillages(world, target, 1, (v) => v.playerId !== 0 && v.playerId !== target.playerId)[0]!;
  const arrival = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
  const text = ["[b]Angegriffenes Dorf[/b]", `[coord]${coordText(target)}[/coord]`, "", "[b]1. Angriff[/b]", `Herkunft: [coord]${coordText(origin)}[/coord]`, `Ankunftszeit: ${formatServerTime(arrival, "Europe/Berlin")}`].join("\n");
  return { text, target: coordText(target), origin: coordText(origin) };
}

test("found, invite by link, join live, the board live, and a removed member loses the tribe at once", async ({ browser, request }) => {
  // Both on the demo world, whose villages an SOS names.
  const leader = await planOwner(request, "stammfuehrer");
  const member = await planOwner(request, "stammmitglied");
  const leaderPage = await (await browser.newContext()).newPage();
  const memberPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();

  await loginWith(leaderPage, leader.username, leader.password);
  await sidebar(leaderPage).getByRole("link", { name: "Stamm" }).click();
  const name = `Die Wächter ${uniqueSuffix()}`;
  await leaderPage.getByLabel("Name", { exact: true }).fill(name);
  await leaderPage.getByLabel("Tag", { exact: true }).fill(`W${uniqueSuffix()}`.slice(0, 12));
  await leaderPage.getByRole("button", { name: "Gründen" }).click();
  await expect(toasts(leaderPage, "success").filter({ hasText: `Der Stamm „${name}“ wurde gegründet.` })).toBeVisible();
  const members = leaderPage.getByRole("table", { name: "Mitglieder des Stamms" });
  await expect(members.getByRole("row")).toHaveCount(2);

  await leaderPage.getByRole("button", { name: "Einladung erstellen" }).click();
  await expect(leaderPage.getByText("Der Code wird nur jetzt angezeigt.")).toBeVisible();
  const link = (await leaderPage.locator("body").innerText()).match(/http\S+\/tribe\/join\/[A-Z2-9]{16}/)?.[0];
  expect(link).toBeDefined();

  await loginWith(memberPage, member.username, member.password);
  await memberPage.goto(new URL(link!).pathname);
  await expect(memberPage.getByLabel("Einladungscode")).toHaveValue(/^[A-Z2-9]{16}$/);
  await memberPage.getByRole("button", { name: "Beitreten" }).click();
  await expect(memberPage.getByRole("heading", { name })).toBeVisible();
  await expect(memberPage).toHaveURL(/\/tribe$/);
  await expect(memberPage.getByText("Keine eingehenden Angriffe im Stamm.")).toBeVisible();

  // Live on the leader's page: the new member's row, without a reload.
  const memberRow = members.getByRole("row").filter({ hasText: member.username });
  await expect(memberRow).toHaveCount(1);

  // The leader's pasted SOS reaches the member's board without a reload.
  const sos = sosText();
  const imported = await request.post("/api/incomings/import", { headers: leader.headers, data: { text: sos.text } });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await expect(memberPage.getByText("1 eingehender Angriff", { exact: true })).toBeVisible();
  await expect(memberPage.getByText(sos.origin).first()).toBeVisible();

  // The leader asks the tribe for support against it; the member's page lists the request live.
  await leaderPage.getByRole("button", { name: `Unterstützung für ${sos.target} anfordern` }).click();
  const ask = leaderPage.getByRole("dialog", { name: "Unterstützung anfordern" });
  await expect(ask.getByText("Bis ", { exact: false })).toBeVisible();
  const sent = toasts(leaderPage, "success").filter({ hasText: "Die Anfrage wurde an den Stamm geschickt." }).waitFor();
  await ask.getByRole("button", { name: "Anfordern" }).click();
  await sent;
  // The leader's row now says so instead of offering a second request.
  await expect(leaderPage.getByRole("button", { name: `Unterstützung für ${sos.target} bereits angefordert` })).toBeDisabled();
  const open = memberPage.getByRole("list", { name: "Offene Anfragen" });
  await expect(open.getByText(`(${sos.target})`)).toBeVisible();
  await expect(open.getByText("1.000 Einwohner Verteidigung")).toBeVisible();
  // A plain member may not withdraw the leader's request.
  await expect(open.getByRole("button", { name: `Anfrage für ${sos.target} zurückziehen` })).toHaveCount(0);

  await memberRow.getByRole("button", { name: `${member.username} entfernen` }).click();
  await leaderPage.getByRole("dialog").getByRole("button", { name: "Entfernen" }).click();
  await expect(memberRow).toHaveCount(0);

  // The removed member's open page is told and shows the start again.
  await expect(memberPage.getByText("Du bist nicht mehr in diesem Stamm.")).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Beitreten" })).toBeVisible();
  await expect(memberPage.getByRole("heading", { name })).toHaveCount(0);
  await expect(memberPage.getByText(sos.origin)).toHaveCount(0);
});
