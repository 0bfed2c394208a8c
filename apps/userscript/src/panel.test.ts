// @vitest-environment jsdom
import type { TabRequest } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { createPanel, tickCountdowns } from "./panel";

const noop = { refresh() {}, pair() {}, cancelPairing() {}, forget() {} };
const request = (id: number, url: string): TabRequest => ({
  id,
  kind: "attack",
  dsbot: null,
  attack: { id: 7, planId: 1, planName: "Plan", type: "attack", from: "500|500", to: "503|498", units: { spear: 10 }, sendTime: 100_000, arrivalTime: 200_000 },
  reason: null,
  message: "Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst.",
  cause: "Kein laufender Bot kann diesen Angriff schicken.",
  url,
  createdAt: "2026-01-01T00:00:00.000Z",
  doneAt: null,
});

describe("the panel", () => {
  it("lists a tab request as text, with a link into the game only, and counts down to its send time", () => {
    const panel = createPanel(document, "die-staemme.de", noop);
    document.body.append(panel.root);
    panel.tabRequests([request(1, "https://de231.die-staemme.de/game.php?village=1&screen=place&target=2&spear=10"), request(2, "javascript:alert(1)")]);
    const items = [...panel.root.querySelectorAll("li")];
    expect(panel.root.querySelector("h3")?.textContent).toBe("Tab-Anfragen (2)");
    expect(items[0]?.textContent).toContain("Angriff · 500|500 → 503|498");
    expect(items[0]?.textContent).toContain("Angriff: 10 Speerträger");
    expect(items[0]?.querySelector("a")?.getAttribute("href")).toBe("https://de231.die-staemme.de/game.php?village=1&screen=place&target=2&spear=10");
    expect(items[1]?.querySelector("a")).toBeNull();

    tickCountdowns(document, 58_000);
    expect(items[0]?.querySelector("[data-dsbot-send-time]")?.textContent).toBe("Abschicken in 0:00:42");
    tickCountdowns(document, 105_000);
    expect(items[0]?.querySelector("[data-dsbot-send-time]")?.textContent).toBe("Abschickzeit vorbei seit 0:00:05");
  });

  it("says so when there is nothing to do", () => {
    const panel = createPanel(document, "die-staemme.de", noop);
    panel.tabRequests([]);
    panel.attacks(null);
    expect(panel.root.textContent).toContain("Keine offenen Tab-Anfragen auf dieser Welt.");
    expect(panel.root.textContent).toContain("Diese Seite nennt kein Dorf.");
  });
});
