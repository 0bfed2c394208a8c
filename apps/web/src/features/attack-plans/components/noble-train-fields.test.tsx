// "Adelszug" in the add form lists one closed train (the server saves the same, both through the
// protocol's trainArrivals): the clearing attack at the entered arrival, then each noble exactly the
// spacing after the one before, so n nobles span (n − 1) × spacing; from one village their send times
// keep the spacing too.
import { DEFAULT_SERVER_TIME_ZONE, parseServerTime } from "@dsbot/protocol";
import { screen, within } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderUi } from "@/test/render-ui";
import { formatInputTime } from "../lib/times";
import type { AttackFormValues } from "./attack-form-schema";
import { NobleTrainFields } from "./noble-train-fields";

const zone = DEFAULT_SERVER_TIME_ZONE;
const stats = { buildTime: 1, pop: 1, attack: 1, defense: 1, defenseCavalry: 1, defenseArcher: 1, carry: 1 };
const world = {
  id: 1,
  server: "die-staemme.de",
  world: "de230",
  villages: 10,
  players: 2,
  allies: 1,
  dataVersion: 1,
  lastImportAt: null,
  lastSyncAt: null,
  lastSyncError: null,
  syncEnabled: false,
  syncing: false,
  config: null,
  units: { spear: { ...stats, speed: 18 }, axe: { ...stats, speed: 18 }, ram: { ...stats, speed: 30 }, snob: { ...stats, speed: 35 } },
};
const arrival = Date.UTC(2030, 11, 24, 22, 59, 59, 900);

function Train({ values }: { values: Pick<AttackFormValues, "nobles" | "spacingMs" | "withClear"> }) {
  const { control } = useForm<AttackFormValues>({
    defaultValues: {
      from: "500|500",
      to: "503|504",
      type: "conquer",
      units: { spear: 50, snob: 1 },
      formulas: {},
      unit: "",
      arrival: formatInputTime(arrival, zone),
      priority: 3,
      clearUnits: { axe: 6000, ram: 300 },
      ...values,
    },
  });
  return <NobleTrainFields control={control} units={["spear", "axe", "ram", "snob"]} world={{ server: world.server, world: world.world }} />;
}

/** The times in a listed arrival: [arrival, send time]. */
function times(text: string): number[] {
  return [...text.matchAll(/\d\d\.\d\d\.\d\d \d\d:\d\d:\d\d:\d{3}/g)].map(([time]) => {
    const parsed = parseServerTime(time, zone);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.value;
  });
}

describe("NobleTrainFields", () => {
  it.each([
    { nobles: 5, spacingMs: 1000, withClear: false },
    { nobles: 4, spacingMs: 50, withClear: true },
    { nobles: 2, spacingMs: 333, withClear: true },
  ])("lists $nobles nobles exactly $spacingMs ms apart (clearing attack first: $withClear)", async (values) => {
    mockFetch({ "GET /api/worlds": () => json(200, { worlds: [world] }) });
    renderUi(<Train values={values} />);
    const list = await screen.findByRole("list", { name: "Ankünfte" });
    // Send times appear once the world's unit speeds are loaded.
    await within(list).findAllByText(/Abschickzeit/);
    const items = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent ?? "");
    expect(items).toHaveLength(values.nobles + (values.withClear ? 1 : 0));
    const nobles = items.filter((text) => text.startsWith("AG")).map(times);
    expect(nobles).toHaveLength(values.nobles);
    if (values.withClear) expect(times(items[0] as string)[0]).toBe(arrival);
    const first = nobles[0]![0]!;
    expect(first).toBe(arrival + (values.withClear ? values.spacingMs : 0));
    nobles.forEach(([arrives, sends], i) => {
      expect(arrives).toBe(first + i * values.spacingMs);
      // 5 fields at 35 min per field.
      expect(sends).toBe(arrives! - 5 * 35 * 60_000);
    });
    expect(nobles[nobles.length - 1]![0]! - first).toBe((values.nobles - 1) * values.spacingMs);
  });
});
