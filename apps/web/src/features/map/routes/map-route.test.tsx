// The map page with the real providers and route tree: states, legend with own villages, jumping to
// a coordinate (view and side panel with the game links on the user's world) and marks kept in the browser.
import {
  encodeVillageMap,
  type AttackPlan,
  type AttackPlanLinesResponse,
  type BotListResponse,
  type WorldOwnersResponse,
  type WorldSummary,
} from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { storageKeys } from "@/lib/storage";
import { makeBot } from "@/test/bot-fixtures";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { adminUser, plainUser, worldSummary } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { useMapStore } from "../stores/map-store";

const world: WorldSummary = worldSummary({ villages: 4, allies: 1, dataVersion: 1, lastImportAt: "2025-01-01T00:00:00.000Z" });

const villages = encodeVillageMap([
  { id: 11, x: 500, y: 500, playerId: 101, points: 1200, bonusId: 0 },
  { id: 12, x: 503, y: 498, playerId: 101, points: 800, bonusId: 0 },
  { id: 13, x: 512, y: 487, playerId: 102, points: 9000, bonusId: 0 },
  { id: 14, x: 498, y: 503, playerId: 0, points: 150, bonusId: 4 },
]);
const owners: WorldOwnersResponse = {
  dataVersion: 1,
  players: { ids: [101, 102], names: ["Kalle", "Bert"], allyIds: [0, 7], points: [2000, 9000] },
  allies: { ids: [7], names: ["Die Sieben"], tags: ["S7"] },
};
const bots: BotListResponse = { dsbots: [makeBot({ id: 1, dsPlayer: { name: "Kalle" }, world: { server: "die-staemme.de", world: "de231" } })], totals: 1 };

function serveWorld(worlds: WorldSummary[] = [world]) {
  return mockFetch({
    "GET /api/worlds": () => json(200, { worlds }),
    "GET /api/worlds/4/villages": () => new Response(villages.slice(), { status: 200 }),
    "GET /api/worlds/4/owners": () => json(200, owners),
    "GET /api/dsbot": () => json(200, bots),
    "GET /api/worlds/4/villages/13": () =>
      json(200, { village: { id: 13, name: "Berts Burg", x: 512, y: 487, points: 9000, bonusId: 0, player: { id: 102, name: "Bert", points: 9000 }, ally: { id: 7, name: "Die Sieben", tag: "S7" } } }),
  });
}

function makePlan(id: number, name: string, worldName: string): AttackPlan {
  const counts = { planned: 0, due: 0, sent: 0, failed: 0, expired: 0, cancelled: 0 };
  return {
    id,
    name,
    world: { server: "die-staemme.de", world: worldName },
    timeZone: "Europe/Berlin",
    ownerId: plainUser.id,
    ownerName: plainUser.username,
    access: "owner",
    counts,
    total: 0,
    nextSendTime: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  };
}

/** The map with two plans (one on another world) and the lines of plan 7, changeable by the test. */
function serveWorldWithPlans() {
  const state: { lines: AttackPlanLinesResponse; linesCalls: number } = {
    lines: {
      coords: [500, 500, 512, 487, 503, 498, 512, 487, 498, 503, 500, 500],
      types: ["attack", "conquer", "attack"],
      statuses: ["planned", "sent", "due"],
      sendTimes: [1, 2, 3],
    },
    linesCalls: 0,
  };
  const plans = { attackPlans: [makePlan(7, "Offensive Nord", "de231"), makePlan(8, "Andere Welt", "de230")], totals: 2 };
  const fetchMock = mockFetch({
    "GET /api/worlds": () => json(200, { worlds: [world] }),
    "GET /api/worlds/4/villages": () => new Response(villages.slice(), { status: 200 }),
    "GET /api/worlds/4/owners": () => json(200, owners),
    "GET /api/dsbot": () => json(200, bots),
    "GET /api/attack-plans": () => json(200, plans),
    "GET /api/attack-plans/7/lines": () => {
      state.linesCalls += 1;
      return json(200, state.lines);
    },
  });
  return { state, fetchMock };
}

/** The lazy map chunk takes a moment to load on the first test. */
const slow = { timeout: 8000 };

beforeEach(() => {
  // jsdom has no canvas: the map runs without drawing (the e2e spec looks at the pixels).
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  useMapStore.setState({ marks: {}, views: {}, plans: {}, legendOpen: true });
  // The world data stays cached for its data version: every test starts without it.
  queryClient.clear();
});

afterEach(() => {
  useSession.setState({ token: null, user: null });
});

describe("Karte", { timeout: 60_000 }, () => {
  it("shows the canvas and a legend that counts own, other, barbarian and bonus villages", async () => {
    signIn(plainUser);
    serveWorld();
    renderApp("/map");
    expect(await screen.findByTestId("map-canvas", {}, slow)).toBeInTheDocument();
    const legend = screen.getByRole("region", { name: "Legende" });
    const row = (label: string) => within(legend).getByText(label).parentElement!;
    await waitFor(() => expect(row("Eigene Dörfer")).toHaveTextContent("2"));
    expect(row("Andere Spieler")).toHaveTextContent("1");
    expect(row("Barbaren")).toHaveTextContent("0");
    expect(row("Bonus-Barbaren")).toHaveTextContent("1");
    expect(window.__dsbotMap?.villageCount).toBe(4);
  });

  it("jumps to a coordinate and opens the village with the game links on the user's world", async () => {
    signIn(plainUser);
    serveWorld();
    renderApp("/map");
    await screen.findByTestId("map-canvas", {}, slow);
    await waitFor(() => expect(within(screen.getByRole("region", { name: "Legende" })).getByText("Eigene Dörfer").parentElement).toHaveTextContent("2"));
    await userEvent.type(screen.getByRole("combobox", { name: "Springen zu" }), "512|487");
    await userEvent.click(screen.getByRole("button", { name: "Springen" }));
    expect(window.__dsbotMap?.view).toMatchObject({ cx: 512.5, cy: 487.5 });
    const panel = await screen.findByTestId("village-panel");
    expect(await within(panel).findByRole("heading", { name: "Berts Burg" })).toBeInTheDocument();
    expect(within(panel).getByText("K45")).toBeInTheDocument();
    expect(within(panel).getByText("[S7] Die Sieben")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Dorfinfo" })).toHaveAttribute("href", "https://de231.die-staemme.de/game.php?screen=info_village&id=13");
    expect(within(panel).getByRole("link", { name: "Spielerinfo" })).toHaveAttribute("href", "https://de231.die-staemme.de/game.php?screen=info_player&id=102");
    // From Kalle's village nearest to the target: 503|498 (id 12).
    expect(within(panel).getByRole("link", { name: "Versammlungsplatz" })).toHaveAttribute("href", "https://de231.die-staemme.de/game.php?village=12&screen=place&target=13");
    expect(within(panel).getByText(/Versammlungsplatz von 503\|498/)).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole("button", { name: "Stamm markieren" }));
    expect(within(screen.getByRole("region", { name: "Legende" })).getByText("[S7]")).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(storageKeys.map) ?? "{}") as { state: { marks: Record<string, unknown[]> } };
    expect(stored.state.marks["die-staemme.de/de231"]).toEqual([{ kind: "ally", id: 7, label: "S7", color: expect.any(String) }]);

    await userEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(screen.queryByTestId("village-panel")).not.toBeInTheDocument();
  });

  it("says so when a name leads nowhere", async () => {
    signIn(plainUser);
    serveWorld();
    renderApp("/map");
    await userEvent.type(await screen.findByRole("combobox", { name: "Springen zu" }, slow), "Niemand");
    await userEvent.click(screen.getByRole("button", { name: "Springen" }));
    expect(await screen.findByText(/„Niemand“ wurde nicht gefunden/)).toBeInTheDocument();
  });

  it("marks a player typed into the legend", async () => {
    signIn(plainUser);
    serveWorld();
    renderApp("/map");
    const legend = await screen.findByRole("region", { name: "Legende" }, slow);
    await userEvent.type(within(legend).getByRole("combobox", { name: "Spieler oder Stamm markieren" }), "bert");
    await userEvent.click(within(legend).getByRole("button", { name: "Markieren" }));
    expect(within(legend).getByText("Bert")).toBeInTheDocument();
    await userEvent.click(within(legend).getByRole("button", { name: "Markierung Bert entfernen" }));
    expect(within(legend).queryByText("Bert")).not.toBeInTheDocument();
  });

  it("draws the lines of a plan chosen in the toolbar, counts them per type and keeps the choice per world", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const { state, fetchMock } = serveWorldWithPlans();
    renderApp("/map");
    const select = await screen.findByRole("combobox", { name: "Angriffsplan" }, slow);
    expect(select).toHaveValue("Kein Plan");
    await user.click(select);
    const listbox = await screen.findByRole("listbox");
    // Only the plans of the map's world.
    await waitFor(() => expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["Kein Plan", "Offensive Nord"]));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/attack-plans?perPage=100"))).toBe(true);
    await user.click(within(listbox).getByRole("option", { name: "Offensive Nord" }));

    const legend = screen.getByRole("region", { name: "Legende" });
    expect(await within(legend).findByText("Angriffsplan Offensive Nord")).toBeInTheDocument();
    const typeRows = () => within(legend).queryAllByTestId("map-plan-type").map((row) => row.textContent);
    await waitFor(() => expect(typeRows()).toEqual(["Angriff2", "Adelung1"]));
    expect(window.__dsbotMap?.overlayTotal).toBe(3);
    const stored = () => (JSON.parse(window.localStorage.getItem(storageKeys.map) ?? "{}") as { state: { plans: Record<string, number> } }).state.plans;
    expect(stored()).toEqual({ "die-staemme.de/de231": 7 });

    // A status change of the plan (live) refetches its lines; other plans' changes do not.
    state.lines = { coords: [500, 500, 512, 487], types: ["fake"], statuses: ["sent"], sendTimes: [1] };
    const before = state.linesCalls;
    dispatchRealtimeMessage({ type: "attacks-updated", data: { planId: 8, attacks: [] } });
    dispatchRealtimeMessage({
      type: "attacks-updated",
      data: { planId: 7, attacks: [{ id: 1, status: "sent", error: null, dsbotId: null, realArrivalTime: null }] },
    });
    await waitFor(() => expect(typeRows()).toEqual(["Fake1"]));
    expect(state.linesCalls).toBe(before + 1);
    expect(window.__dsbotMap?.overlayTotal).toBe(1);

    await user.click(select);
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Kein Plan" }));
    await waitFor(() => expect(window.__dsbotMap?.overlayTotal).toBe(0));
    expect(within(legend).queryByText("Angriffsplan Offensive Nord")).not.toBeInTheDocument();
    expect(stored()).toEqual({});
  });

  it("shows the plan kept for the world at once", async () => {
    signIn(plainUser);
    useMapStore.setState({ plans: { "die-staemme.de/de231": 7 } });
    serveWorldWithPlans();
    renderApp("/map");
    const legend = await screen.findByRole("region", { name: "Legende" }, slow);
    await waitFor(() => expect(within(legend).queryAllByTestId("map-plan-type")).toHaveLength(2));
    expect(screen.getByRole("combobox", { name: "Angriffsplan" })).toHaveValue("Offensive Nord");
    expect(window.__dsbotMap?.overlayTotal).toBe(3);
  });

  it("hides a kept plan the user no longer sees", async () => {
    signIn(plainUser);
    useMapStore.setState({ plans: { "die-staemme.de/de231": 99 } });
    const { fetchMock } = serveWorldWithPlans();
    renderApp("/map");
    const select = await screen.findByRole("combobox", { name: "Angriffsplan" }, slow);
    await waitFor(() => expect(select).toHaveValue("Kein Plan"));
    expect(window.__dsbotMap?.overlayTotal).toBe(0);
    expect(within(screen.getByRole("region", { name: "Legende" })).queryByTestId("map-plan-type")).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/attack-plans?"))).toBe(true));
  });

  it("explains an empty world and sends an admin to the worlds page", async () => {
    signIn(adminUser);
    serveWorld([{ ...world, world: "de230", dataVersion: 0, villages: 0 }]);
    renderApp("/map");
    const text = await screen.findByText(/Für deine Welt sind noch keine Dorfdaten vorhanden/, {}, slow);
    const state = text.closest(".mantine-EmptyState-root") as HTMLElement;
    expect(within(state).getByRole("link", { name: "Welten" })).toHaveAttribute("href", "/worlds");
    expect(within(state).getByRole("link", { name: "Zum Profil" })).toHaveAttribute("href", "/profile");
  });

  it("shows the error with a retry when the map data fails", async () => {
    signIn(plainUser);
    mockFetch({
      "GET /api/worlds": () => json(200, { worlds: [world] }),
      "GET /api/worlds/4/villages": () => apiError(500, "internal", "Interner Fehler."),
      "GET /api/worlds/4/owners": () => json(200, owners),
    });
    renderApp("/map");
    expect(await screen.findByText("Interner Fehler.", {}, slow)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeInTheDocument();
  });
});
