// Karte: the map draws the demo world (the demo bots' villages as own), zooms
// around the cursor, pans by drag and keys, jumps to a coordinate and a tribe, shows the tooltip and
// the side panel with the game links on the user's world; on a phone the panel is a drawer. State is
// read from the map's test hook (window.__dsbotMap), colours from the canvas's pixels.
import type { APIRequestContext, Page } from "@playwright/test";
import { decodeVillageMap, type VillageMap, type WorldOwnersResponse, type WorldsResponse, type WorldVillageResponse } from "@dsbot/protocol";
import { apiToken, expect, loginAs, test } from "../fixtures";

/** The map's test hook (apps/web/src/features/map/lib/test-hook.ts), as far as this spec uses it. */
interface MapTestHook {
  view: { cx: number; cy: number; scale: number };
  frameTimes: readonly number[];
  lastDraw: { mode: string; villages: number } | null;
  villageCount: number;
  hovered: number;
  selected: number;
  centerOn(x: number, y: number, scale?: number): void;
  clientPointOf(x: number, y: number): { x: number; y: number };
}

declare global {
  interface Window {
    __dsbotMap?: MapTestHook;
  }
}

/** The demo bots' players (DEMO_WORLD.namedPlayers): the demo user's own villages. */
const OWN_PLAYERS = ["Kalle", "Zora", "Bruno"];
const OWN_COLOR = [0xff, 0xe0, 0x66];
const BARBARIAN_COLOR = [0x8c, 0x8f, 0x96];

interface DemoWorld {
  id: number;
  server: string;
  world: string;
  map: VillageMap;
  owners: WorldOwnersResponse;
  own: Set<number>;
  auth: { authorization: string };
}

let demoWorld: Promise<DemoWorld> | undefined;

/** The demo user's world as the API serves it (the test's oracle). */
function loadDemoWorld(request: APIRequestContext): Promise<DemoWorld> {
  demoWorld ??= (async () => {
    const auth = { authorization: `Bearer ${await apiToken(request, "demo")}` };
    const me = (await (await request.get("/api/auth/me", { headers: auth })).json()) as { user: { world: { server: string; world: string } } };
    const { worlds } = (await (await request.get("/api/worlds", { headers: auth })).json()) as WorldsResponse;
    const world = worlds.find((w) => w.server === me.user.world.server && w.world === me.user.world.world);
    if (!world) throw new Error("the demo world is not imported");
    const map = decodeVillageMap(await (await request.get(`/api/worlds/${world.id}/villages`, { headers: auth })).body());
    const owners = (await (await request.get(`/api/worlds/${world.id}/owners`, { headers: auth })).json()) as WorldOwnersResponse;
    const own = new Set(owners.players.ids.filter((_, i) => OWN_PLAYERS.includes(owners.players.names[i] ?? "")));
    return { id: world.id, server: world.server, world: world.world, map, owners, own, auth };
  })();
  return demoWorld;
}

/** The village nearest to 500|500 that passes `test` (column index). */
function nearestToCentre(map: VillageMap, test: (i: number) => boolean): number {
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < map.count; i++) {
    const d = (map.x[i]! - 500) ** 2 + (map.y[i]! - 500) ** 2;
    if (d < bestDistance && test(i)) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

const view = (page: Page) => page.evaluate(() => window.__dsbotMap!.view);

async function openMap(page: Page, world: DemoWorld) {
  await loginAs(page, "demo", "/map");
  await page.waitForFunction((n) => window.__dsbotMap?.villageCount === n, world.map.count);
  // The own villages are known once the bots are: the map then opens on them.
  await expect.poll(() => page.evaluate(() => window.__dsbotMap!.frameTimes.length)).toBeGreaterThan(0);
}

async function centreOn(page: Page, x: number, y: number, scale: number) {
  await page.evaluate(([cx, cy, s]) => window.__dsbotMap!.centerOn(cx!, cy!, s), [x, y, scale]);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** RGB of the canvas pixel in the middle of field x|y. */
function pixelAt(page: Page, x: number, y: number) {
  return page.evaluate(([fx, fy]) => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=map-canvas]")!;
    const rect = canvas.getBoundingClientRect();
    const point = window.__dsbotMap!.clientPointOf(fx!, fy!);
    const scale = canvas.width / rect.width;
    const data = canvas.getContext("2d")!.getImageData(Math.floor((point.x - rect.left) * scale), Math.floor((point.y - rect.top) * scale), 1, 1).data;
    return [data[0], data[1], data[2]];
  }, [x, y]);
}

async function clientPoint(page: Page, x: number, y: number) {
  return page.evaluate(([fx, fy]) => window.__dsbotMap!.clientPointOf(fx!, fy!), [x, y]);
}

function nearestOwn(world: DemoWorld, target: number): number {
  const { map } = world;
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < map.count; i++) {
    if (i === target || !world.own.has(map.playerIds[i]!)) continue;
    const d = (map.x[i]! - map.x[target]!) ** 2 + (map.y[i]! - map.y[target]!) ** 2;
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

test.describe("Karte", () => {
  test("draws the demo world with own villages, zooms around the cursor and pans by drag and keys", async ({ page, request }) => {
    const world = await loadDemoWorld(request);
    expect(world.own.size).toBe(OWN_PLAYERS.length);
    await openMap(page, world);
    const canvas = page.getByTestId("map-canvas");
    let ownVillages = 0;
    for (let i = 0; i < world.map.count; i++) if (world.own.has(world.map.playerIds[i]!)) ownVillages++;
    expect(ownVillages).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Legende" }).getByText("Eigene Dörfer").locator("..")).toContainText(ownVillages.toLocaleString("de-DE"));

    const own = nearestToCentre(world.map, (i) => world.own.has(world.map.playerIds[i]!));
    const barbarian = nearestToCentre(world.map, (i) => world.map.playerIds[i] === 0 && world.map.bonusIds[i] === 0);
    await centreOn(page, world.map.x[own]!, world.map.y[own]!, 12);
    expect(await page.evaluate(() => window.__dsbotMap!.lastDraw)).toMatchObject({ mode: "villages" });
    expect(await pixelAt(page, world.map.x[own]!, world.map.y[own]!)).toEqual(OWN_COLOR);
    await centreOn(page, world.map.x[barbarian]!, world.map.y[barbarian]!, 12);
    expect(await pixelAt(page, world.map.x[barbarian]!, world.map.y[barbarian]!)).toEqual(BARBARIAN_COLOR);

    // Wheel zoom: the world point under the cursor stays under it.
    const box = (await canvas.boundingBox())!;
    const cursor = { x: box.x + box.width / 2 + 120, y: box.y + box.height / 2 - 60 };
    const before = await view(page);
    const worldAt = (v: { cx: number; cy: number; scale: number }) => ({
      x: (cursor.x - box.x - box.width / 2) / v.scale + v.cx,
      y: (cursor.y - box.y - box.height / 2) / v.scale + v.cy,
    });
    await page.mouse.move(cursor.x, cursor.y);
    await page.mouse.wheel(0, -240);
    await expect.poll(async () => (await view(page)).scale).toBeGreaterThan(before.scale * 1.2);
    const zoomed = await view(page);
    expect(worldAt(zoomed).x).toBeCloseTo(worldAt(before).x, 1);
    expect(worldAt(zoomed).y).toBeCloseTo(worldAt(before).y, 1);
    await page.mouse.wheel(0, 480);
    await expect.poll(async () => (await view(page)).scale).toBeLessThan(zoomed.scale);

    // Drag: the map follows the pointer.
    const dragStart = await view(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 90, { steps: 8 });
    await page.mouse.up();
    const dragged = await view(page);
    expect(dragged.cx - dragStart.cx).toBeCloseTo(150 / dragStart.scale, 0);
    expect(dragged.cy - dragStart.cy).toBeCloseTo(90 / dragStart.scale, 0);
    await expect(page.getByTestId("village-panel")).toHaveCount(0);

    // Keys: arrows pan, + zooms.
    await canvas.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    const keyed = await view(page);
    expect(keyed.cx - dragged.cx).toBeCloseTo(80 / dragged.scale, 3);
    expect(keyed.cy - dragged.cy).toBeCloseTo(80 / dragged.scale, 3);
    await page.keyboard.type("+");
    expect((await view(page)).scale).toBeCloseTo(keyed.scale * 1.25, 3);
  });

  test("jumps to a coordinate and a tribe, shows the tooltip and the side panel with the game links", async ({ page, request }) => {
    const world = await loadDemoWorld(request);
    const allyOf = new Map(world.owners.players.ids.map((id, i) => [id, world.owners.players.allyIds[i]!]));
    // Another player's village in a tribe, near the centre.
    const target = nearestToCentre(world.map, (i) => {
      const player = world.map.playerIds[i]!;
      return player !== 0 && !world.own.has(player) && (allyOf.get(player) ?? 0) !== 0;
    });
    const [tx, ty, targetId] = [world.map.x[target]!, world.map.y[target]!, world.map.ids[target]!];
    const detail = ((await (await request.get(`/api/worlds/${world.id}/villages/${targetId}`, { headers: world.auth })).json()) as WorldVillageResponse).village;
    await openMap(page, world);
    const box = (await page.getByTestId("map-canvas").boundingBox())!;

    const jump = page.getByRole("combobox", { name: "Springen zu" });
    await jump.fill(`${tx}|${ty}`);
    await page.getByRole("button", { name: "Springen", exact: true }).click();
    await expect.poll(() => view(page)).toMatchObject({ cx: tx + 0.5, cy: ty + 0.5 });
    const panel = page.getByTestId("village-panel");
    await expect(panel.getByRole("heading", { name: detail.name })).toBeVisible();
    await expect(panel).toContainText(`${tx}|${ty}`);
    await expect(panel).toContainText(`K${Math.floor(ty / 100)}${Math.floor(tx / 100)}`);
    await expect(panel).toContainText(detail.player!.name);
    await expect(panel).toContainText(`[${detail.ally!.tag}] ${detail.ally!.name}`);
    const base = `https://${world.world}.${world.server}/game.php`;
    await expect(panel.getByRole("link", { name: "Dorfinfo" })).toHaveAttribute("href", `${base}?screen=info_village&id=${targetId}`);
    await expect(panel.getByRole("link", { name: "Spielerinfo" })).toHaveAttribute("href", `${base}?screen=info_player&id=${detail.player!.id}`);
    const source = nearestOwn(world, target);
    await expect(panel.getByRole("link", { name: "Versammlungsplatz" })).toHaveAttribute("href", `${base}?village=${world.map.ids[source]}&screen=place&target=${targetId}`);
    await expect(panel.getByRole("link", { name: "Dorfinfo" })).toHaveAttribute("target", "_blank");
    // Exact: the demo user's alerts ("Neue Tab-Anfrage!") carry a "Meldung schließen" button too.
    await page.getByTestId("map-frame").getByRole("button", { name: "Schließen", exact: true }).click();
    await expect(panel).toHaveCount(0);

    // Tooltip of a neighbour: name from the server, coordinates, points, owner.
    const neighbour = nearestToCentre(world.map, (i) => i !== target && Math.abs(world.map.x[i]! - tx) <= 3 && Math.abs(world.map.y[i]! - ty) <= 3);
    const [nx, ny] = [world.map.x[neighbour]!, world.map.y[neighbour]!];
    const neighbourDetail = ((await (await request.get(`/api/worlds/${world.id}/villages/${world.map.ids[neighbour]}`, { headers: world.auth })).json()) as WorldVillageResponse).village;
    const point = await clientPoint(page, nx, ny);
    await page.mouse.move(point.x, point.y);
    const tooltip = page.getByTestId("map-tooltip");
    await expect(tooltip).toContainText(neighbourDetail.name);
    await expect(tooltip).toContainText(`${nx}|${ny}`);
    await expect(tooltip).toContainText(`${neighbourDetail.points.toLocaleString("de-DE")} Punkte`);
    await expect(tooltip).toContainText(neighbourDetail.player?.name ?? "Barbarendorf");
    expect(await page.evaluate(() => window.__dsbotMap!.hovered)).toBe(neighbour);
    await page.mouse.click(point.x, point.y);
    await expect(page.getByTestId("village-panel").getByRole("heading", { name: neighbourDetail.name })).toBeVisible();

    // A tribe by its tag: the map shows its villages.
    await jump.fill(detail.ally!.tag);
    await page.getByRole("button", { name: "Springen", exact: true }).click();
    const members = new Set(world.owners.players.ids.filter((id) => allyOf.get(id) === detail.ally!.id));
    const tribe = { x0: 1000, y0: 1000, x1: 0, y1: 0 };
    for (let i = 0; i < world.map.count; i++) {
      if (!members.has(world.map.playerIds[i]!)) continue;
      tribe.x0 = Math.min(tribe.x0, world.map.x[i]!);
      tribe.y0 = Math.min(tribe.y0, world.map.y[i]!);
      tribe.x1 = Math.max(tribe.x1, world.map.x[i]! + 1);
      tribe.y1 = Math.max(tribe.y1, world.map.y[i]! + 1);
    }
    await expect.poll(() => view(page)).toMatchObject({ cx: (tribe.x0 + tribe.x1) / 2, cy: (tribe.y0 + tribe.y1) / 2 });
    // Every village of the tribe is on screen.
    const shown = await view(page);
    expect((tribe.x1 - tribe.x0) * shown.scale).toBeLessThanOrEqual(box.width);
    expect((tribe.y1 - tribe.y0) * shown.scale).toBeLessThanOrEqual(box.height);
    await jump.fill("Gibt es nicht 123");
    await page.getByRole("button", { name: "Springen", exact: true }).click();
    await expect(page.getByText("„Gibt es nicht 123“ wurde nicht gefunden", { exact: false })).toBeVisible();
  });

  test("on a phone a tap opens the village in a drawer", async ({ page, request }) => {
    const world = await loadDemoWorld(request);
    await page.setViewportSize({ width: 375, height: 740 });
    await openMap(page, world);
    const own = nearestToCentre(world.map, (i) => world.own.has(world.map.playerIds[i]!));
    await centreOn(page, world.map.x[own]!, world.map.y[own]!, 10);
    const point = await clientPoint(page, world.map.x[own]!, world.map.y[own]!);
    await page.mouse.click(point.x, point.y);
    const drawer = page.getByRole("dialog", { name: "Dorf" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Dorfinfo" })).toHaveAttribute("href", new RegExp(`id=${world.map.ids[own]}$`));
    await expect(drawer).toContainText(`${world.map.x[own]}|${world.map.y[own]}`);
  });
});
