// The Koordinaten Filter page against a mocked API: world data loading, failing and missing, a
// pasted forum post through the filters, bad input, copy, and the settings kept in the browser.
import { encodeVillageMap, type WorldOwnersResponse, type WorldSummary } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { plainUser, worldSummary } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { exampleAllies, examplePlayers, examplePost, exampleVillages } from "../lib/fake-world";
import { defaultCoordsFilterSettings } from "../lib/filter-settings";
import { COORDS_FILTER_STORAGE_KEY, useCoordsFilterStore } from "../stores/coords-filter-store";

const world: WorldSummary = worldSummary({ villages: exampleVillages.length, players: examplePlayers.length, allies: exampleAllies.length });

const villageMap = () => encodeVillageMap(exampleVillages.map((v, i) => ({ ...v, id: i + 1, bonusId: 0 })));
const owners: WorldOwnersResponse = {
  dataVersion: 2,
  players: {
    ids: examplePlayers.map((p) => p.id),
    names: examplePlayers.map((p) => p.name),
    allyIds: examplePlayers.map((p) => p.allyId),
    points: examplePlayers.map(() => 1000),
  },
  allies: { ids: exampleAllies.map((a) => a.id), names: exampleAllies.map((a) => a.name), tags: exampleAllies.map((a) => a.tag) },
};

function setup(routes: Record<string, FetchHandler> = {}) {
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/worlds": () => json(200, { worlds: [world] }),
    "GET /api/worlds/4/villages": () => new Response(villageMap().buffer as ArrayBuffer, { status: 200, headers: { "content-type": "application/octet-stream" } }),
    "GET /api/worlds/4/owners": () => json(200, owners),
    ...routes,
  });
  signIn(plainUser);
}

const output = () => screen.findByRole("textbox", { name: "Gefilterte Koordinaten" });
const stepCount = (name: string) => screen.getByText(new RegExp(`^${name}: \\d+ vorher, \\d+ nachher$`));

async function pastePost(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("textbox", { name: "Text mit Koordinaten" }));
  await user.paste(examplePost);
}

async function chooseOwner(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole("combobox", { name: "Besitzer" }));
  await user.click(await screen.findByRole("option", { name: label }));
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  useCoordsFilterStore.setState({ text: "", settings: { ...defaultCoordsFilterSettings } });
  queryClient.clear();
  toast.dismiss();
});

describe("Koordinaten Filter", { timeout: 30_000 }, () => {
  it("turns a pasted forum post into its coordinates, lists the one without a village apart and counts every step", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/coords-filter");
    expect(await screen.findByText("Noch keine Koordinaten.")).toBeInTheDocument();
    await pastePost(user);

    expect(await output()).toHaveValue(["500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "555|555"].join("\n"));
    expect(screen.getByText("9 Koordinaten gefunden")).toBeInTheDocument();
    expect(screen.getByText("9 gefunden → 7 im Ergebnis")).toBeInTheDocument();
    expect(stepCount("Dörfer in der Welt")).toHaveTextContent("Dörfer in der Welt: 9 vorher, 8 nachher");
    expect(stepCount("Doppelte entfernen")).toHaveTextContent("Doppelte entfernen: 8 vorher, 7 nachher");
    const missing = screen.getByRole("group", { name: "Ohne Dorf (1)" });
    expect(within(missing).getByText("777|777")).toBeInTheDocument();
  });

  it("filters by owner with names from the world, by points and continents, and copies the BB-code", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    setup();
    renderApp("/coords-filter");
    await screen.findByText("Noch keine Koordinaten.");
    await pastePost(user);
    await output();

    await chooseOwner(user, "Nur Barbaren");
    expect(await output()).toHaveValue("498|503\n450|420");
    expect(stepCount("Besitzer")).toHaveTextContent("Besitzer: 8 vorher, 2 nachher");

    await chooseOwner(user, "Gewählte Spieler oder Stämme");
    expect(await screen.findAllByText("Wähle mindestens einen Spieler oder Stamm.")).toHaveLength(2);
    await user.type(screen.getByRole("combobox", { name: "Stämme" }), "ers");
    await user.click(await screen.findByRole("option", { name: /ERST/ }));
    expect(await output()).toHaveValue("500|500\n501|499\n510|490");

    await user.type(screen.getByRole("textbox", { name: "Min. Punkte" }), "1000");
    expect(await output()).toHaveValue("500|500\n510|490");

    await user.type(screen.getByRole("combobox", { name: "Kontinente" }), "45,");
    expect(await output()).toHaveValue("510|490");

    await user.click(screen.getByRole("radio", { name: "BB-Code" }));
    expect(await output()).toHaveValue("[coord]510|490[/coord]");
    await user.click(screen.getByRole("button", { name: "Kopieren" }));
    expect(writeText).toHaveBeenLastCalledWith("[coord]510|490[/coord]");
    expect(await screen.findByText("Der Wert wurde in die Zwischenablage kopiert.")).toBeInTheDocument();
  });

  it("answers bad input inline, withholds the output and keeps the text", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/coords-filter");
    await screen.findByText("Noch keine Koordinaten.");
    await pastePost(user);
    await output();

    await user.type(screen.getByRole("textbox", { name: "Min. Punkte" }), "500");
    await user.type(screen.getByRole("textbox", { name: "Max. Punkte" }), "100");
    await user.type(screen.getByRole("textbox", { name: "Mittelpunkt" }), "5000|1");
    expect(await screen.findAllByText("Min. Punkte dürfen nicht größer als Max. Punkte sein.")).not.toHaveLength(0);
    expect(screen.getAllByText("Koordinaten gehen von 0|0 bis 999|999.")).not.toHaveLength(0);
    expect(screen.getByText("Bitte korrigiere die markierten Eingaben.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Gefilterte Koordinaten" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Text mit Koordinaten" })).toHaveValue(examplePost);
  });

  it("says when nothing is left after the filters", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/coords-filter");
    await screen.findByText("Noch keine Koordinaten.");
    await pastePost(user);
    await output();
    await user.type(screen.getByRole("combobox", { name: "Kontinente" }), "K99 ");
    expect(await screen.findByText("Nach den Filtern bleibt keine Koordinate übrig.")).toBeInTheDocument();
  });

  it("lets the text be pasted while the world data loads and shows the result once it is there", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    setup({
      "GET /api/worlds/4/owners": async () => {
        await loaded;
        return json(200, owners);
      },
    });
    renderApp("/coords-filter");
    expect(await screen.findAllByText("Weltdaten werden geladen …")).not.toHaveLength(0);
    expect(screen.getByRole("combobox", { name: "Besitzer" })).toBeDisabled();
    await pastePost(user);
    expect(screen.getByText("9 Koordinaten gefunden")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Gefilterte Koordinaten" })).not.toBeInTheDocument();
    release();
    expect(await output()).toHaveValue(["500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "555|555"].join("\n"));
    expect(screen.getByRole("combobox", { name: "Besitzer" })).toBeEnabled();
  });

  it("without world data says so, disables owner and points and still filters by continent", async () => {
    const user = userEvent.setup();
    setup({ "GET /api/worlds": () => json(200, { worlds: [] }) });
    renderApp("/coords-filter");
    expect(await screen.findByText(/Für deine Welt de231 liegen keine Weltdaten vor/)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Besitzer" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Min. Punkte" })).toBeDisabled();
    await pastePost(user);
    // A whole continent applies as it is typed, without Enter or a separator.
    await user.type(screen.getByRole("combobox", { name: "Kontinente" }), "K77");
    expect(await output()).toHaveValue("777|777");
    expect(screen.queryByRole("group", { name: /Ohne Dorf/ })).not.toBeInTheDocument();
  });

  it("shows a failed load of the world data with a retry that loads it", async () => {
    const user = userEvent.setup();
    let fail = true;
    setup({ "GET /api/worlds/4/owners": () => (fail ? apiError(500, "internal", "Interner Fehler.") : json(200, owners)) });
    renderApp("/coords-filter");
    expect(await screen.findByText(/Die Weltdaten konnten nicht geladen werden/)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Besitzer" })).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Besitzer" })).toBeEnabled());
    expect(screen.queryByText(/Die Weltdaten konnten nicht geladen werden/)).not.toBeInTheDocument();
  });

  it("keeps text and settings in the browser; Zurücksetzen resets the settings and keeps the text", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/coords-filter");
    await screen.findByText("Noch keine Koordinaten.");
    await pastePost(user);
    await user.type(screen.getByRole("textbox", { name: "Die ersten N" }), "2");
    expect(await output()).toHaveValue("500|500\n501|499");

    const kept = JSON.parse(window.localStorage.getItem(COORDS_FILTER_STORAGE_KEY) ?? "{}") as { version: number; state: { text: string; settings: { limit: number } } };
    expect(kept.version).toBe(1);
    expect(kept.state.text).toBe(examplePost);
    expect(kept.state.settings.limit).toBe(2);

    await user.click(screen.getByRole("button", { name: "Zurücksetzen" }));
    expect(await screen.findByText("Die Filter wurden zurückgesetzt. Der Text bleibt erhalten.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Die ersten N" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Text mit Koordinaten" })).toHaveValue(examplePost);
    expect(await output()).toHaveValue(["500|500", "501|499", "498|503", "510|490", "420|455", "450|420", "555|555"].join("\n"));
  });

  it("re-rolls the random pick to another deterministic subset", async () => {
    const user = userEvent.setup();
    setup();
    renderApp("/coords-filter");
    await screen.findByText("Noch keine Koordinaten.");
    await pastePost(user);
    await user.type(screen.getByRole("textbox", { name: "Anzahl" }), "3");
    const first = (await output()) as HTMLTextAreaElement;
    await waitFor(() => expect(first.value.split("\n")).toHaveLength(3));
    const before = first.value;
    const seed = useCoordsFilterStore.getState().settings.seed;
    await user.click(screen.getByRole("button", { name: "Neu würfeln" }));
    expect(useCoordsFilterStore.getState().settings.seed).not.toBe(seed);
    expect(screen.getByRole("textbox", { name: "Startwert" })).toHaveValue(String(useCoordsFilterStore.getState().settings.seed));
    // Same seed again → same pick.
    await user.clear(screen.getByRole("textbox", { name: "Startwert" }));
    await user.type(screen.getByRole("textbox", { name: "Startwert" }), String(seed));
    expect(await output()).toHaveValue(before);
  });
});
