// The Raubzug page tests' common ground: a world (speed 1, Raubzug on unless said otherwise), troops rows
// as the server lists them, the fetch routes the page calls (the troops list with its requests recorded)
// and the hooks every file needs.
import type { ScavengeOptionId, ScavengeVillageState, TroopRow, UnitCounts, WorldSummary } from "@dsbot/protocol";
import { gameConfigDefaults, planScavenge, scavengeWorld } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { plainUser, worldSummary } from "@/test/fixtures";
import { signIn } from "@/test/render-app";
import { defaultScavengeSettings } from "./lib/scavenge-settings";
import { useScavengeStore } from "./stores/scavenge-store";

export const worldKey = `${plainUser.world.server}/${plainUser.world.world}`;

export function scavengeTestWorld(options: { scavenging?: boolean; speed?: number; config?: boolean } = {}): WorldSummary {
  const game = { ...gameConfigDefaults.game, scavenging: options.scavenging ?? true };
  return worldSummary({ config: options.config === false ? null : { ...gameConfigDefaults, speed: options.speed ?? 1, unitSpeed: 1, game } });
}

export function troopRow(villageId: number, name: string, own: TroopRow["own"], extra: Partial<TroopRow> = {}): TroopRow {
  return {
    villageId,
    name,
    coordinates: `526|${500 + villageId}`,
    playerName: "Kalle",
    source: "bot",
    dsbotId: 1,
    scannedAt: Date.UTC(2026, 10, 27, 8, 0),
    own,
    inVillage: own,
    outside: {},
    onTheWay: {},
    total: own,
    population: 0,
    offPopulation: 0,
    defPopulation: 0,
    class: "empty",
    ...extra,
  };
}

/** A def village of a bot's scan and an off village of a paste. */
export const kalle1 = troopRow(1, "Kalles Dorf 1", { spear: 3000, sword: 2000, heavy: 200, spy: 50 });
export const kalle2 = troopRow(2, "Kalles Dorf 2", { axe: 4000, light: 1500, ram: 200 }, { source: "paste", dsbotId: null, scannedAt: Date.UTC(2026, 10, 27, 9, 30) });

export interface ScavengeMock {
  /** The troops list's requests. */
  troopQueries: URLSearchParams[];
  setRows: (rows: TroopRow[]) => void;
}

export function mockScavengePage(
  options: { rows?: TroopRow[]; world?: WorldSummary; games?: ScavengeVillageState[]; routes?: Record<string, FetchHandler> } = {},
): ScavengeMock {
  let rows = options.rows ?? [kalle1, kalle2];
  const troopQueries: URLSearchParams[] = [];
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/worlds": () => json(200, { worlds: [options.world ?? scavengeTestWorld()] }),
    "GET /api/troops/scavenge": () => json(200, { villages: options.games ?? [] }),
    "GET /api/troops": ({ url }) => {
      troopQueries.push(url.searchParams);
      const perPage = Number(url.searchParams.get("perPage"));
      const page = Number(url.searchParams.get("activePage"));
      return json(200, { troops: rows.slice((page - 1) * perPage, page * perPage), totals: rows.length, sum: { total: {}, population: 0, offPopulation: 0, defPopulation: 0 }, players: ["Kalle"] });
    },
    ...options.routes,
  });
  signIn(plainUser);
  return { troopQueries, setRows: (next) => (rows = next) };
}

/** Each test leaves no settings, cache or user behind. */
export function setupScavengeTests(): void {
  afterEach(() => {
    useSession.setState({ token: null, user: null });
    useScavengeStore.setState({ settings: { ...defaultScavengeSettings }, overrides: {} });
    queryClient.clear();
  });
}

export const number = (text: string | null | undefined) => Number((text ?? "").replace(/\./g, ""));

/** The squads of a village's row or card as shown: per option the units sent. */
export function shownSplit(village: HTMLElement): Partial<Record<ScavengeOptionId, UnitCounts>> {
  const split: Partial<Record<ScavengeOptionId, UnitCounts>> = {};
  for (const cell of village.querySelectorAll<HTMLElement>("[data-option]")) {
    const units: UnitCounts = {};
    for (const unit of cell.querySelectorAll<HTMLElement>("[data-unit]")) units[unit.dataset.unit as keyof UnitCounts] = number(unit.textContent);
    if (Object.keys(units).length > 0) split[Number(cell.dataset.option) as ScavengeOptionId] = units;
  }
  return split;
}

export function oracleSplit(units: UnitCounts, options: ScavengeOptionId[], measure: "hour" | "run", maxSeconds?: number, speed = 1) {
  const plan = planScavenge(scavengeWorld(speed), { units, options, measure, maxSeconds });
  return { plan, split: Object.fromEntries(plan.squads.map((s) => [s.option, s.units])) };
}

export async function villageRow(id: number): Promise<HTMLElement> {
  const table = await screen.findByRole("table", { name: "Raubzug je Dorf" });
  await waitFor(() => expect(table.querySelector(`tr[data-row-id="${id}"]`)).not.toBeNull());
  return table.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`)!;
}

export const totalOf = (testId: string) => number(within(screen.getByTestId(testId)).getByText(/^[\d.]+$/).textContent);
