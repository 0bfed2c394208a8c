import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderUi } from "@/test/render-ui";
import { BotVillageStates } from "./bot-village-states";

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe("the bot's 'Dörfer' tab", () => {
  it("names the units at home and the buildings with the game's names on hover", async () => {
    const user = userEvent.setup();
    const village = {
      villageId: 7, name: "Kalles Dorf", coordinates: "500|500", units: { spear: 120, spy: 6 }, scannedAt: Date.UTC(2026, 0, 5, 12), points: 1234,
      buildings: { main: 5, wood: 10 }, resources: { wood: 5000, stone: 4000, iron: 3000 }, storageCapacity: 10000, population: { used: 300, max: 900 },
      buildQueue: [], recruitQueue: [],
    };
    mockFetch({ "GET /api/dsbot/1/village-states": () => json(200, { villages: [village], totals: 1, scannedAt: village.scannedAt }) });
    renderUi(<BotVillageStates botId={1} />);
    const card = (await screen.findByText("Kalles Dorf")).closest<HTMLElement>("[data-village-id]")!;
    await user.hover(within(card).getByRole("img", { name: "Späher" }));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Späher");
    await user.hover(within(card).getByRole("img", { name: "Holzfällerlager" }));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Holzfällerlager");
    expect(within(card).getByText("Holzfällerlager 10")).toBeInTheDocument();
  });
});
