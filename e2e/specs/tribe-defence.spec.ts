// Der Stamm defends, end to end, with sandbox bots (real runner processes on the demo world's map, on a
// copy of the demo world whose config has unit speed 50, as the game's speed worlds: the sandbox's noble
// train lands about 12 minutes after it is first seen, and a support from the next village in under a
// minute): member A's bot (Zora) is attacked by the sandbox's noble train, which reaches the tribe board
// of the leader and of member B live; A asks for support; B's bot (Karihelm, a village one field from
// Zora's) has scanned its troops. With B's bot stopped, the leader's "Verteidigung planen" gives B a tab
// request, and the support, unsent, turns "fehlgeschlagen"; with B's bot running again, the leader plans
// the gap and B's bot sends it: "gesendet" on the leader's page and in B's "Meine Befehle", then
// "angekommen" before the noble lands. A user outside the tribe gets 404 for all of it and no message
// about it on their socket; a removed member loses the board at once.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { TribeBoardResponse, TribeRequestListResponse, TribeResponse } from "@dsbot/protocol";
import { botUserConnection, createDemoWorldBot, demoBotStatus, fastDemoWorld, planOwner, startSandboxBot, type PlanOwner } from "../attack-plans";
import { expect, loginWith, test, toasts, uniqueSuffix } from "../fixtures";
import type { NodeChild } from "../node-process";

/** The fast world's unit speed: the runners play it with the same --unit-speed. */
const UNIT_SPEED = 50;

const running: NodeChild[] = [];
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-e2e-tribe-defence-"));
  for (const runner of ["a", "b"]) mkdirSync(path.join(dir, runner));
});
test.afterEach(() => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function setModule(request: Parameters<typeof createDemoWorldBot>[0], owner: PlanOwner, botId: number, moduleName: string, module: Record<string, unknown>) {
  const saved = await request.post(`/api/dsbot/${botId}/module`, { headers: owner.headers, data: { moduleName, module } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

/** The tribe page's messages over its websocket, to show that none came. */
function socketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => frames.push(typeof payload === "string" ? payload : payload.toString())));
  return frames;
}

test("a noble train on A reaches the board live, A asks, the leader plans from B's troops: a tab request while B's bot is stopped, B's bot sends the gap", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const world = await fastDemoWorld(request, `sw${uniqueSuffix()}`, UNIT_SPEED);
  const owner = (prefix: string) => planOwner(request, prefix, world);
  const [leader, a, b, outsider] = [await owner("stamm-l"), await owner("stamm-a"), await owner("stamm-b"), await owner("stamm-x")];
  const founded = await request.post("/api/tribes", { headers: leader.headers, data: { name: `Die Wehr ${uniqueSuffix()}`, tag: `WE${uniqueSuffix()}`.slice(0, 12) } });
  expect(founded.status(), await founded.text()).toBe(201);
  const tribeId = ((await founded.json()) as TribeResponse).tribe.id;
  const invite = await request.post(`/api/tribes/${tribeId}/invites`, { headers: leader.headers, data: { expiresInHours: 1, maxUses: 2 } });
  const { code } = (await invite.json()) as { code: string };
  for (const member of [a, b]) expect((await request.post("/api/tribes/join", { headers: member.headers, data: { code } })).status()).toBe(200);

  const aBot = await createDemoWorldBot(request, a, "Zora", world);
  await setModule(request, a, aBot, "command-scanner", { enabled: true, intervalSeconds: 30, scanIncomings: true, scanOutgoing: false, notifyOnNobles: true });
  const bBot = await createDemoWorldBot(request, b, "Karihelm", world);
  await setModule(request, b, bBot, "inventory", { enabled: true, scanTroops: true, scanBuildings: false, scanResources: false, intervalMinutes: 15 });

  const leaderPage = await (await browser.newContext()).newPage();
  const bPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const outsiderPage = await (await browser.newContext()).newPage();
  const outsiderFrames = socketFrames(outsiderPage);
  await loginWith(leaderPage, leader.username, leader.password, "/tribe");
  await loginWith(bPage, b.username, b.password, "/tribe");
  await loginWith(outsiderPage, outsider.username, outsider.password, "/tribe");
  await expect(outsiderPage.getByRole("button", { name: "Gründen" })).toBeVisible();
  // The leader's wide board is a table, B's phone shows cards: both name the train's places.
  const boards = [leaderPage, bPage].map((page) => page.getByTestId("tribe-board"));
  await expect(leaderPage.getByText("Keine eingehenden Angriffe im Stamm.")).toBeVisible();

  // A's bot scans its incomings: the noble train is on both boards, without a reload.
  running.push((await startSandboxBot(request, a, aBot, "Zora", { dir: path.join(dir, "a"), baseURL, name: `E2E-Stamm-A-${uniqueSuffix()}`, unitSpeed: UNIT_SPEED })).child);
  for (const board of boards) await expect(board.getByText(/^Adelszug [1-4]\/4$/)).toHaveCount(4, { timeout: 60_000 });
  const listed = (await (await request.get(`/api/tribes/${tribeId}/incomings?kind=noble`, { headers: a.headers })).json()) as TribeBoardResponse;
  const train = listed.incomings.filter((i) => i.trainId !== null).sort((x, y) => x.arrivalTime - y.arrivalTime);
  const target = train[0]!.target.coordinates;

  // B's bot scans Karihelm's troops, then B stops it.
  const bRunner = await startSandboxBot(request, b, bBot, "Karihelm", { dir: path.join(dir, "b"), baseURL, name: `E2E-Stamm-B-${uniqueSuffix()}`, unitSpeed: UNIT_SPEED });
  running.push(bRunner.child);
  const bScanned = async () => ((await (await request.get(`/api/tribes/${tribeId}`, { headers: leader.headers })).json()) as TribeResponse).tribe.members.find((m) => m.userId === b.id)?.lastScanAt;
  await expect.poll(bScanned, { timeout: 60_000 }).not.toBeNull();
  // The leader's open members view shows B's bot online and its scan, without a reload.
  const bRow = leaderPage.getByRole("table", { name: "Mitglieder des Stamms" }).getByRole("row").filter({ hasText: b.username });
  await expect(bRow).toContainText("1 von 1 online");
  await expect(bRow).not.toContainText("Noch nie");
  const connection = { websocketConnectionId: await botUserConnection(request, b, bBot) };
  expect((await request.post(`/api/dsbot/${bBot}/stop`, { headers: b.headers, data: connection })).status()).toBe(200);
  await expect.poll(() => demoBotStatus(request, b, bBot), { timeout: 30_000 }).toBe("offline");

  // A asks for 100 Einwohner against the train; the leader's list shows it live.
  const asked = await request.post(`/api/tribes/${tribeId}/requests`, { headers: a.headers, data: { incomingId: train[0]!.id, marginSeconds: 60, need: { kind: "population", population: 100 } } });
  expect(asked.status(), await asked.text()).toBe(201);
  const planButton = leaderPage.getByRole("button", { name: `Verteidigung für ${target} planen` });

  // The leader plans with B's bot stopped: the preview names Karihelm's village; saved, B has a tab request.
  const plan = async () => {
    await planButton.click();
    const dialog = leaderPage.getByRole("dialog", { name: "Verteidigung planen" });
    await expect(dialog.getByRole("table", { name: `Geplante Unterstützungen für ${target}` }).getByText(b.username)).toBeVisible({ timeout: 30_000 });
    const saved = toasts(leaderPage, "success").filter({ hasText: "1 Unterstützung geplant." }).waitFor();
    await dialog.getByRole("button", { name: "Plan speichern" }).click();
    await saved;
  };
  await plan();
  const supports = leaderPage.getByRole("table", { name: `Geplante Unterstützungen für ${target}` });
  await expect(supports.locator("[data-support-state]")).toHaveCount(1);
  const tabRequests = async () => ((await (await request.get("/api/tab-requests", { headers: b.headers })).json()) as { tabRequests: { kind: string }[] }).tabRequests.filter((r) => r.kind === "attack").length;
  await expect.poll(tabRequests, { timeout: 90_000 }).toBe(1);
  await expect(bPage.getByRole("list", { name: "Meine Befehle" }).getByText(`(${target})`)).toBeVisible();
  // Nobody sent it: flagged on the leader's page, and the gap is to plan again.
  await expect(supports.locator("[data-support-state=failed]")).toHaveCount(1, { timeout: 120_000 });
  await expect(planButton).toHaveText("Lücke neu planen");

  // B's bot runs again; the leader plans the gap; the bot sends it to the millisecond.
  expect((await request.post(`/api/dsbot/${bBot}/start`, { headers: b.headers, data: connection })).status()).toBe(200);
  await expect.poll(() => demoBotStatus(request, b, bBot), { timeout: 30_000 }).toBe("online");
  await plan();
  await expect(supports.locator("[data-support-state=sent]")).toHaveCount(1, { timeout: 150_000 });
  await expect(bPage.getByRole("list", { name: "Meine Befehle" }).locator("[data-support-state=sent]")).toHaveCount(1);
  const progress = leaderPage.getByRole("group", { name: /^Stand der Anfrage für / });
  await expect(progress.locator("[data-progress=sent]")).not.toHaveAttribute("data-value", "0");
  const requests = (await (await request.get(`/api/tribes/${tribeId}/requests`, { headers: a.headers })).json()) as TribeRequestListResponse;
  expect(requests.requests[0]!.supports.map((s) => s.status)).toEqual(["expired", "sent"]);
  // The support lands (its arrival passes on the clock): "angekommen" on both pages, before the noble.
  const sent = requests.requests[0]!.supports[1]!;
  expect(sent.realArrivalAt ?? sent.arrivalAt).toBeLessThan(train[0]!.arrivalTime);
  await expect(supports.locator("[data-support-state=arrived]")).toHaveCount(1, { timeout: 90_000 });
  await expect(progress.locator("[data-progress=arrived]")).not.toHaveAttribute("data-value", "0");
  await expect(bPage.getByRole("list", { name: "Meine Befehle" }).locator("[data-support-state=arrived]")).toHaveCount(1);
  expect(Date.now()).toBeLessThan(train[0]!.arrivalTime);

  // Outside the tribe: 404 for every route of it, and not one message about it on the socket.
  for (const url of [`/api/tribes/${tribeId}`, `/api/tribes/${tribeId}/incomings`, `/api/tribes/${tribeId}/requests`]) {
    expect((await request.get(url, { headers: outsider.headers })).status()).toBe(404);
  }
  expect((await request.post(`/api/tribes/${tribeId}/requests/${requests.requests[0]!.id}/plan`, { headers: outsider.headers, data: { save: false } })).status()).toBe(404);
  expect(outsiderFrames.filter((f) => f.includes("tribe-"))).toEqual([]);
  expect(outsiderFrames.length).toBeGreaterThan(0);

  // Removed, B's open page loses the tribe at once.
  expect((await request.delete(`/api/tribes/${tribeId}/members/${b.id}`, { headers: leader.headers })).status()).toBe(200);
  await expect(bPage.getByText("Du bist nicht mehr in diesem Stamm.")).toBeVisible();
  await expect(bPage.getByTestId("tribe-board")).toHaveCount(0);
});
