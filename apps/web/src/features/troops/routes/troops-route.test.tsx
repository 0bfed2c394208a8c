import type { TroopListResponse, TroopRow } from "@dsbot/protocol";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const off: TroopRow = {
  villageId: 1, name: "Kalles Dorf 2", coordinates: "526|510", playerName: "Kalle", source: "bot", dsbotId: 1, scannedAt: Date.UTC(2026, 10, 27, 8, 0),
  own: { axe: 6000, light: 2500, ram: 250 }, inVillage: { axe: 6000, light: 2500, ram: 250, spear: 100 }, outside: {}, onTheWay: { axe: 200 },
  total: { axe: 6200, light: 2500, ram: 250 }, population: 17_450, offPopulation: 17_450, defPopulation: 0, class: "off",
};
const def: TroopRow = {
  villageId: 2, name: "Kalles Dorf 1", coordinates: "526|511", playerName: "Kalle", source: "paste", dsbotId: null, scannedAt: Date.UTC(2026, 10, 27, 9, 0),
  own: { spear: 7000, sword: 6000 }, inVillage: { spear: 7000, sword: 6000 }, outside: {}, onTheWay: {},
  total: { spear: 7000, sword: 6000 }, population: 13_000, offPopulation: 0, defPopulation: 13_000, class: "def",
};

function setup(rows: TroopRow[]) {
  const queries: URLSearchParams[] = [];
  let listed = rows;
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "POST /api/troops/import": () =>
      json(400, {
        error: {
          code: "bad_request",
          message: "Truppen lassen sich nur für Dörfer der Spieler deiner Bots einfügen. Deine Bots spielen hier: Kalle. 1 Dorf gehört nicht dazu, nichts wurde übernommen: Zeile 1: Berts Dorf (510|490) gehört Bert, keinem Spieler deiner Bots.",
          issues: [
            { path: "", message: "Truppen lassen sich nur für Dörfer der Spieler deiner Bots einfügen. Deine Bots spielen hier: Kalle." },
            { path: "text", message: "Zeile 1: Berts Dorf (510|490) gehört Bert, keinem Spieler deiner Bots." },
          ],
        },
      }),
    "GET /api/troops": ({ url }) => {
      queries.push(url.searchParams);
      const wanted = url.searchParams.get("class");
      // The server's figures of a view: the population and class of its units (only "Auswärts" here).
      const view = url.searchParams.get("view");
      const inView = listed.map((r) => (view === "outside" ? { ...r, population: 0, offPopulation: 0, defPopulation: 0, class: "empty" as const } : r));
      const shown = inView.filter((r) => !wanted || r.class === wanted);
      const sum = { total: {} as Record<string, number>, population: 0, offPopulation: 0, defPopulation: 0 };
      for (const r of shown) {
        for (const [u, n] of Object.entries(r.total)) sum.total[u] = (sum.total[u] ?? 0) + (n ?? 0);
        sum.population += r.population;
        sum.offPopulation += r.offPopulation;
        sum.defPopulation += r.defPopulation;
      }
      const body: TroopListResponse = { troops: shown, totals: shown.length, sum, players: ["Kalle"] };
      return json(200, body);
    },
  });
  signIn(plainUser);
  return { queries, set: (next: TroopRow[]) => (listed = next) };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
  vi.restoreAllMocks();
});

describe("Truppen", { timeout: 30_000 }, () => {
  it("shows each village's units in the chosen view, its class and the sum row", async () => {
    const user = userEvent.setup();
    setup([off, def]);
    renderApp("/dashboard-units");
    const table = await screen.findByRole("table", { name: "Truppen je Dorf" });
    const row = await within(table).findByText("Kalles Dorf 2");
    const offRow = row.closest("tr")!;
    expect(within(offRow).getByText("Off")).toBeInTheDocument();
    expect(offRow.querySelector('[data-unit="axe"]')).toHaveTextContent("6.200");
    const sums = table.querySelector<HTMLElement>("tr[data-troop-totals]")!;
    expect(sums.querySelector('[data-unit="spear"]')).toHaveTextContent("7.000");
    expect(within(sums).getByText("30.450")).toBeInTheDocument();
    // "Unterwegs" shows what is in commands.
    await user.click(screen.getByRole("combobox", { name: "Ansicht" }));
    await user.click(await screen.findByRole("option", { name: "Unterwegs" }));
    await waitFor(() => expect(within(table).getByText("Kalles Dorf 2").closest("tr")!.querySelector('[data-unit="axe"]')).toHaveTextContent("200"));
  });

  it("asks the server for the view's population, class and sums, and shows the unit names on hover", async () => {
    const user = userEvent.setup();
    const { queries } = setup([off, def]);
    renderApp("/dashboard-units");
    const table = await screen.findByRole("table", { name: "Truppen je Dorf" });
    await within(table).findByText("Kalles Dorf 2");
    expect(within(table).getByText("Summe (Gesamt)")).toBeInTheDocument();
    await user.hover(within(table).getByRole("img", { name: "Axtkämpfer" }));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Axtkämpfer");
    await user.click(screen.getByRole("combobox", { name: "Ansicht" }));
    await user.click(await screen.findByRole("option", { name: "Auswärts" }));
    await waitFor(() => expect(queries.at(-1)?.get("view")).toBe("outside"));
    expect(await within(table).findByText("Summe (Auswärts)")).toBeInTheDocument();
    // The server's figures of that view: the off village has nothing outside.
    const offRow = within(table).getByText("Kalles Dorf 2").closest("tr")!;
    expect(within(offRow).getByText("Leer")).toBeInTheDocument();
    expect(within(offRow).getByText("0", { selector: "[data-population]" })).toBeInTheDocument();
  });

  it("shows '?' where a scan did not report the view", async () => {
    const user = userEvent.setup();
    setup([{ ...off, outside: null, onTheWay: null, inVillage: null }]);
    renderApp("/dashboard-units");
    const table = await screen.findByRole("table", { name: "Truppen je Dorf" });
    await within(table).findByText("Kalles Dorf 2");
    await user.click(screen.getByRole("combobox", { name: "Ansicht" }));
    await user.click(await screen.findByRole("option", { name: "Unterwegs" }));
    expect(await within(table).findByText("Summe (Unterwegs)")).toBeInTheDocument();
    const row = within(table).getByText("Kalles Dorf 2").closest("tr")!;
    expect(row.querySelector('[data-unit="axe"]')).toHaveTextContent("?");
    expect(within(row).queryByText("Off")).not.toBeInTheDocument();
    // Its three units, the population and the class.
    expect(within(row).getAllByText("?")).toHaveLength(3 + 2);
  });

  it("filters by class on the server and reloads after a scan", async () => {
    const user = userEvent.setup();
    const { queries, set } = setup([off, def]);
    renderApp("/dashboard-units");
    await screen.findByText("Kalles Dorf 2");
    await user.click(screen.getByRole("radio", { name: "Def" }));
    await waitFor(() => expect(queries.at(-1)?.get("class")).toBe("def"));
    await waitFor(() => expect(screen.queryByText("Kalles Dorf 2")).not.toBeInTheDocument());
    set([def, { ...def, villageId: 3, name: "Neues Dorf", coordinates: "527|511" }]);
    act(() => dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: 1 } }));
    expect(await screen.findByText("Neues Dorf")).toBeInTheDocument();
  });

  it("copies every filtered village as a BB-code table", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const { queries } = setup([off, def]);
    renderApp("/dashboard-units");
    await screen.findByText("Kalles Dorf 2");
    await user.click(screen.getByRole("button", { name: "Exportieren" }));
    await user.click(await screen.findByRole("menuitem", { name: "BB-Code" }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(queries.at(-1)?.get("perPage")).toBe("5000");
    const text = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(text).toBe(
      "[table][**]Dorf[||][unit]spear[/unit][||][unit]sword[/unit][||][unit]axe[/unit][||][unit]light[/unit][||][unit]ram[/unit][||]Einwohner[||]Art[/**]" +
        "[*][coord]526|510[/coord][|]0[|]0[|]6200[|]2500[|]250[|]17450[|]Off[*][coord]526|511[/coord][|]7000[|]6000[|]0[|]0[|]0[|]13000[|]Def[/table]",
    );
  });

  it("says why a paste of another player's village was refused, apart from its one problem", async () => {
    const user = userEvent.setup();
    setup([]);
    renderApp("/dashboard-units");
    await user.click(await screen.findByRole("button", { name: "Truppenübersicht einfügen" }));
    const dialog = await screen.findByRole("dialog", { name: "Truppenübersicht einfügen" });
    await user.click(within(dialog).getByRole("textbox", { name: "Text der Truppenübersicht" }));
    await user.paste("Berts Dorf (510|490) K45");
    await user.click(within(dialog).getByRole("button", { name: "Übernehmen" }));
    const problems = await within(dialog).findByRole("alert");
    expect(problems).toHaveTextContent("1 Problem – nichts übernommen:");
    expect(within(problems).getByText("Truppen lassen sich nur für Dörfer der Spieler deiner Bots einfügen. Deine Bots spielen hier: Kalle.")).toBeInTheDocument();
    expect(within(problems).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Zeile 1: Berts Dorf (510|490) gehört Bert, keinem Spieler deiner Bots."]);
  });

  it("says how troops get here when there are none", async () => {
    setup([]);
    renderApp("/dashboard-units");
    expect(await screen.findByText("Noch keine Truppen")).toBeInTheDocument();
  });
});
