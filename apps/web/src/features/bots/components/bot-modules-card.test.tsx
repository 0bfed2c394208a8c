// Switching the Umbenenner on from the bot's page asks first and says what it would change.
import { moduleDefaults } from "@dsbot/protocol";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeBot } from "@/test/bot-fixtures";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderUi } from "@/test/render-ui";
import { BotModulesCard } from "./bot-modules-card";

configure({ asyncUtilTimeout: 15_000 });
afterEach(() => vi.unstubAllGlobals());

describe("switching the Umbenenner on", { timeout: 60_000 }, () => {
  it("shows how many villages and attacks it would change, and switches only after confirming", async () => {
    const fetch = mockFetch({
      "GET /api/dsbot/41/module": () => json(200, { module: moduleDefaults("renamer"), unavailable: null }),
      "GET /api/dsbot/41/villages": () => json(200, { villages: [{ id: 11, name: "Alpha", coordinates: "500|500" }, { id: 12, name: "Beta", coordinates: "512|487" }] }),
      "GET /api/dsbot/41/renamer-preview": () =>
        json(200, {
          incomings: [
            {
              id: 1,
              origin: { coordinates: "505|500", name: null, playerName: "Feind" },
              target: { coordinates: "500|500", name: "Alpha" },
              arrivalTime: Date.UTC(2026, 0, 5, 13, 30, 0, 0),
              likelyUnits: ["light"],
              label: "Angriff",
            },
          ],
          more: 0,
          // The bot writes the arrival on its world's clock: a British world's is an hour behind Berlin's.
          timeZone: "Europe/London",
        }),
      "POST /api/dsbot/41/toggle-module": () => json(200, { enabled: true }),
      "GET /api/dsbot/41/logs": () => json(200, { logs: [], totals: 0 }),
    });
    const toggles = () => fetch.mock.calls.filter(([url, init]) => String(url).endsWith("/toggle-module") && init?.method === "POST").length;
    const user = userEvent.setup();
    renderUi(<BotModulesCard bot={makeBot({ id: 41, modules: [{ name: "renamer", enabled: false }] })} />);

    await user.click(await screen.findByRole("switch", { name: "Umbenenner aktivieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Umbenenner einschalten?" });
    expect(dialog).toHaveTextContent(
      "Er benennt 2 Dörfer um, z. B. „Alpha“ → „K55 ###“. „###“ steht für die laufende Nummer ab 001: Der Bot zählt in der Reihenfolge der Dörfer im Spiel. Er markiert 1 eingehenden Angriff, z. B. „Leichte Kavallerie 13:30:00:000“. Alles im Einzelnen zeigt die Vorschau auf seiner Seite.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(toggles()).toBe(0);

    await user.click(screen.getByRole("switch", { name: "Umbenenner aktivieren" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Umbenenner einschalten?" })).getByRole("button", { name: "Einschalten" }));
    await waitFor(() => expect(toggles()).toBe(1));
  });
});
