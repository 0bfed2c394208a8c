// The Raubzug page against a mocked API: every village's split (the protocol's optimiser as the oracle)
// with return times in server time, whose troops and how old, the sums; the empty, error and loading
// states, a paste without a bot, a world without Raubzug, and the phone's cards.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { apiError, json } from "@/test/fetch-mock";
import { renderApp } from "@/test/render-app";
import { kalle1, kalle2, mockScavengePage, number, oracleSplit, scavengeTestWorld, setupScavengeTests, shownSplit, totalOf, troopRow, villageRow } from "../test-setup";

setupScavengeTests();

describe("Raubzug", { timeout: 30_000 }, () => {
  it("shows each village's split per option with the haul per run, hour and day, and the sums", async () => {
    mockScavengePage();
    renderApp("/scavenge");
    const def = await villageRow(1);
    const off = await villageRow(2);
    const defPlan = oracleSplit({ spear: 3000, sword: 2000, heavy: 200 }, [1, 2, 3, 4], "hour");
    const offPlan = oracleSplit({ axe: 4000, light: 1500 }, [1, 2, 3, 4], "hour");
    expect(Object.keys(defPlan.split)).toHaveLength(4);
    expect(shownSplit(def)).toEqual(defPlan.split);
    expect(shownSplit(off)).toEqual(offPlan.split);
    // Scouts and rams stay home: they may not scavenge.
    expect(def.querySelector('[data-option] [data-unit="spy"]')).toBeNull();
    expect(number(def.querySelector('[data-figure="perRun"]')?.textContent)).toBe(Math.round(defPlan.plan.perRun));
    expect(number(def.querySelector('[data-figure="perHour"]')?.textContent)).toBe(Math.round(defPlan.plan.perHour));
    expect(number(def.querySelector('[data-figure="perDay"]')?.textContent)).toBe(Math.round(defPlan.plan.perHour * 24));
    expect(totalOf("scavenge-total-hour")).toBe(Math.round(defPlan.plan.perHour + offPlan.plan.perHour));
    expect(totalOf("scavenge-total-day")).toBe(Math.round((defPlan.plan.perHour + offPlan.plan.perHour) * 24));
    expect(totalOf("scavenge-total-run")).toBe(Math.round(defPlan.plan.perRun + offPlan.plan.perRun));
    expect(screen.getByText("2 von 2 Dörfern sammeln")).toBeInTheDocument();
  });

  it("says whose troops and how old, and when each squad is back in server time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.UTC(2026, 10, 27, 10, 0, 0) });
    try {
      mockScavengePage();
      renderApp("/scavenge");
      const def = await villageRow(1);
      expect(screen.getByTestId("scavenge-sources")).toHaveTextContent("Quellen: Bot Kalle, eingefügte Übersicht · Stand 27.11.26 09:00 bis 27.11.26 10:30 (Serverzeit)");
      expect(def.querySelector("[data-scanned-at]")).toHaveTextContent("27.11.26 09:00");
      const squad = oracleSplit({ spear: 3000, sword: 2000, heavy: 200 }, [1, 2, 3, 4], "hour").plan.squads[0]!;
      const seconds = Math.round(squad.seconds);
      const cell = def.querySelector<HTMLElement>(`[data-option="${squad.option}"]`)!;
      const pad = (n: number) => String(n).padStart(2, "0");
      expect(cell.querySelector("[data-duration]")).toHaveTextContent(`${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`);
      // 10:00 UTC is 11:00 in Berlin, the world's zone.
      const back = new Date(Date.UTC(2026, 10, 27, 11, 0, 0) + seconds * 1000);
      expect(cell.querySelector("[data-return-time]")).toHaveTextContent(`zurück ${pad(back.getUTCHours())}:${pad(back.getUTCMinutes())}:${pad(back.getUTCSeconds())}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it("plans a village a bot's Raubzug read over its free options, says when its squads are back, and plans them again then", async () => {
    const now = Date.UTC(2026, 10, 27, 10, 0, 0);
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    try {
      const back = now + 10 * 60_000;
      const game = {
        villageId: 1,
        dsbotId: 1,
        playerName: "Kalle",
        scannedAt: now - 60_000,
        options: [
          { option: 1, state: "out", until: back, haul: 12_345 },
          { option: 2, state: "free", until: null, haul: null },
          { option: 3, state: "locked", until: null, haul: null },
          { option: 4, state: "locked", until: null, haul: null },
        ],
      } as const;
      mockScavengePage({ games: [{ ...game, options: [...game.options] }] });
      renderApp("/scavenge");
      const def = await villageRow(1);
      const units = { spear: 3000, sword: 2000, heavy: 200 };
      expect(shownSplit(def)).toEqual(oracleSplit(units, [2], "hour").split);
      // 10:10 UTC is 11:10 in Berlin, the world's zone.
      expect(def.querySelector('[data-option="1"][data-busy] [data-busy-until]')).toHaveTextContent("zurück 11:10:00");
      expect(def.querySelector('[data-option="1"][data-busy] [data-busy-haul]')).toHaveTextContent("bringt 12.345");
      expect(def.querySelector('[data-option="3"][data-locked]')).not.toBeNull();
      expect(def.querySelector("[data-scavenge-read]")).toHaveTextContent("Raubzug gelesen von Bot Kalle, 27.11.26 10:59");
      expect(screen.getByText(/in 1 Dorf sind Trupps unterwegs, sie bringen 12\.345 Rohstoffe/)).toBeInTheDocument();
      // The other village has no bot's reading: the settings' four options.
      expect(Object.keys(shownSplit(await villageRow(2)))).toHaveLength(4);

      await act(async () => {
        vi.advanceTimersByTime(back - now + 1_000);
      });
      await waitFor(() => expect(shownSplit(def)).toEqual(oracleSplit(units, [1, 2], "hour").split));
      expect(def.querySelector("[data-busy]")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads every village in pages of the largest size and plans a new scan without a reload", async () => {
    const { troopQueries, setRows } = mockScavengePage();
    renderApp("/scavenge");
    await villageRow(1);
    expect(troopQueries[0]?.get("view")).toBe("own");
    expect(troopQueries[0]?.get("perPage")).toBe("5000");
    setRows([kalle1, kalle2, troopRow(3, "Neues Dorf", { spear: 500 })]);
    act(() => dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: 1 } }));
    expect(shownSplit(await villageRow(3))).toEqual(oracleSplit({ spear: 500 }, [1, 2, 3, 4], "hour").split);
  });

  it("pages a long list in the browser: 50 villages a page, searched by name or coordinates", async () => {
    const user = userEvent.setup();
    mockScavengePage({ rows: Array.from({ length: 60 }, (_, i) => troopRow(i + 1, `Dorf ${String(i + 1).padStart(2, "0")}`, { spear: 100 + i })) });
    renderApp("/scavenge");
    const table = await screen.findByRole("table", { name: "Raubzug je Dorf" });
    const shown = () => table.querySelectorAll("tbody tr[data-row-id]");
    await waitFor(() => expect(shown()).toHaveLength(50));
    expect(screen.getByText("1–50 von 60")).toBeInTheDocument();
    expect(screen.getByText("60 von 60 Dörfern sammeln")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(shown()).toHaveLength(10));
    expect(within(table).getByText("Dorf 51")).toBeInTheDocument();
    // A search goes back to page 1.
    await user.click(screen.getByRole("textbox", { name: "Dorf suchen" }));
    await user.paste("526|555");
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(within(table).getByText("Dorf 55")).toBeInTheDocument();
    expect(screen.getByText("1–1 von 1")).toBeInTheDocument();
  });

  it("says how to get troops when there are none, and takes a pasted overview without a bot", async () => {
    const user = userEvent.setup();
    const { setRows } = mockScavengePage({
      rows: [],
      routes: {
        "POST /api/troops/import": ({ body }) => {
          expect((body as { text: string }).text).toContain("Kalles Dorf 2 (526|502) K55");
          setRows([kalle2]);
          return json(200, { imported: 1, message: "1 Dorf übernommen." });
        },
      },
    });
    renderApp("/scavenge");
    expect(await screen.findByText("Noch keine Truppen")).toBeInTheDocument();
    expect(screen.getByText(/Starte einen Bot mit dem Modul „Inventur“/)).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Truppenübersicht einfügen" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Truppenübersicht einfügen" });
    await user.click(within(dialog).getByRole("textbox", { name: "Text der Truppenübersicht" }));
    await user.paste("Kalles Dorf 2 (526|502) K55\neigene 0 0 4000 0 0 1500 0 0 200 0 0 0");
    await user.click(within(dialog).getByRole("button", { name: "Übernehmen" }));
    expect(shownSplit(await villageRow(2))).toEqual(oracleSplit({ axe: 4000, light: 1500 }, [1, 2, 3, 4], "hour").split);
    expect(screen.getByTestId("scavenge-sources")).toHaveTextContent("Quellen: eingefügte Übersicht");
  });

  it("shows the load error with a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    const list = () => json(200, { troops: [kalle1], totals: 1, sum: { total: {}, population: 0, offPopulation: 0, defPopulation: 0 }, players: [] });
    mockScavengePage({ routes: { "GET /api/troops": () => (fail ? apiError(500, "internal", "Kaputt.") : list()) } });
    renderApp("/scavenge");
    expect(await screen.findByText("Die Daten konnten nicht geladen werden.")).toBeInTheDocument();
    expect(screen.getByText("Kaputt.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await villageRow(1);
  });

  it("shows the loader while the troops load", async () => {
    mockScavengePage({ routes: { "GET /api/troops": () => new Promise<Response>(() => undefined) } });
    renderApp("/scavenge");
    expect(await screen.findByRole("status", { name: "Wird geladen …" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Truppenübersicht einfügen" })).toBeInTheDocument();
  });

  it("on a world without Raubzug says so and offers nothing", async () => {
    mockScavengePage({ world: scavengeTestWorld({ scavenging: false }) });
    renderApp("/scavenge");
    expect(await screen.findByText("Diese Welt hat keine Raubzüge.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Truppenübersicht einfügen" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByText("Einstellungen")).not.toBeInTheDocument();
  });

  it("plans with the world's speed", async () => {
    mockScavengePage({ rows: [kalle1], world: scavengeTestWorld({ speed: 2 }) });
    renderApp("/scavenge");
    const speed2 = oracleSplit({ spear: 3000, sword: 2000, heavy: 200 }, [1, 2, 3, 4], "hour", undefined, 2);
    const row = await villageRow(1);
    expect(shownSplit(row)).toEqual(speed2.split);
    expect(number(row.querySelector('[data-figure="perHour"]')?.textContent)).toBe(Math.round(speed2.plan.perHour));
    expect(screen.queryByText(/Die Einstellungen deiner Welt sind noch nicht bekannt/)).not.toBeInTheDocument();
  });

  it("plans with speed 1 where the world's config is not known, and says so", async () => {
    mockScavengePage({ rows: [kalle1], world: scavengeTestWorld({ config: false }) });
    renderApp("/scavenge");
    expect(shownSplit(await villageRow(1))).toEqual(oracleSplit({ spear: 3000, sword: 2000, heavy: 200 }, [1, 2, 3, 4], "hour").split);
    expect(screen.getByText(/Die Einstellungen deiner Welt sind noch nicht bekannt/)).toBeInTheDocument();
  });

  it("shows a card per village on a phone", async () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      mockScavengePage();
      renderApp("/scavenge");
      const list = await screen.findByRole("list", { name: "Raubzug je Dorf" });
      await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
      const card = list.querySelector<HTMLElement>('[data-row-id="1"]')!;
      expect(shownSplit(card)).toEqual(oracleSplit({ spear: 3000, sword: 2000, heavy: 200 }, [1, 2, 3, 4], "hour").split);
      expect(screen.queryByRole("table", { name: "Raubzug je Dorf" })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = media;
    }
  });
});
