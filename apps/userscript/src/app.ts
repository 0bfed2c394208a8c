// The userscript on one game page: settings from its storage, the panel, a refresh every half minute,
// pairing through the device flow, and on a rally point link the form filled once from the matching
// tab request (or planned attack) with a countdown to the send time. Nothing is ever sent by it.
import type { GamePage, UserscriptOverviewResponse } from "@dsbot/protocol";
import { unitLabels } from "@dsbot/protocol";
import { fetchOverview, normalizeServerUrl, pollPairing, startPairing } from "./api";
import { el } from "./dom";
import { formatFormulas, formatGameTime, formatUnits } from "./format";
import type { Http, Store } from "./gm";
import { countdown, createPanel, tickCountdowns, type Panel } from "./panel";
import { fillRallyPoint, findRallyOrder, type RallyOrder } from "./rally-point";
import { texts } from "./texts";

export const STORE_KEYS = { server: "dsbot.server", token: "dsbot.token" } as const;
const REFRESH_MS = 30_000;
const TICK_MS = 250;
export const RALLY_BOX_ID = "dsbot-rally-point";

export interface UserscriptDeps {
  http: Http;
  store: Store;
  doc: Document;
  page: GamePage;
  now: () => number;
  timers: Pick<typeof globalThis, "setTimeout" | "clearTimeout" | "setInterval">;
}

/** The box above the rally point form: what was filled, from what, and the countdown. */
function rallyBox(doc: Document, order: RallyOrder, missing: string[], server: string): HTMLElement {
  const label = (unit: string) => (unitLabels as Record<string, string>)[unit] ?? unit;
  return el(
    doc,
    "div",
    {
      attrs: { id: RALLY_BOX_ID, role: "region", "aria-label": texts.rally.title },
      style: { background: "#fff5da", border: "2px solid #7d510f", padding: "6px 8px", margin: "6px 0", font: "12px/1.4 Verdana, Arial, sans-serif" },
    },
    el(doc, "strong", {}, texts.rally.title, ` (${order.source === "tabRequest" ? texts.rally.fromTabRequest : texts.rally.fromAttack})`),
    el(doc, "div", {}, texts.rally.filled(order.to, formatUnits(order.units, texts.noUnits))),
    order.formulas && el(doc, "div", {}, texts.formulas(formatFormulas(order.formulas))),
    missing.length > 0 && el(doc, "div", { style: { color: "#a00" } }, texts.rally.missingUnits(missing.map(label).join(", "))),
    el(doc, "div", {}, texts.sendAt(formatGameTime(order.sendTime, server))),
    el(doc, "div", { style: { fontSize: "14px" } }, countdown(doc, order.sendTime)),
    el(doc, "div", {}, texts.arrivalAt(formatGameTime(order.arrivalTime, server))),
    el(doc, "div", { style: { fontStyle: "italic" } }, texts.rally.yourself),
  );
}

export function startUserscript(deps: UserscriptDeps): { panel: Panel; refresh: () => Promise<void> } {
  const { http, store, doc, page, now, timers } = deps;
  const gameServer = page.world.server;
  let clockOffset = 0;
  let rallyDone = false;
  let pairingTimer: ReturnType<typeof setTimeout> | undefined;
  let pairingRun = 0;

  const settings = () => ({ server: store.get(STORE_KEYS.server), token: store.get(STORE_KEYS.token) });

  const panel = createPanel(doc, gameServer, {
    refresh: () => void refresh(),
    save(serverInput, token) {
      const server = normalizeServerUrl(serverInput);
      if (!server) return panel.status(texts.errors.badServer, true);
      store.set(STORE_KEYS.server, server);
      store.set(STORE_KEYS.token, token.trim());
      panel.settings(settings());
      panel.status(texts.form.saved);
      void refresh();
    },
    pair: (serverInput) => void pair(serverInput),
    cancelPairing() {
      pairingRun += 1;
      timers.clearTimeout(pairingTimer);
      panel.pairing(null);
    },
    forget() {
      store.set(STORE_KEYS.token, "");
      panel.settings(settings(), true);
      void refresh();
    },
  });
  panel.settings(settings());
  doc.body.append(panel.root);

  function applyRallyPoint(data: UserscriptOverviewResponse): void {
    if (rallyDone) return;
    const order = findRallyOrder(page, data.tabRequests, data.attacks);
    if (!order) return;
    rallyDone = true;
    const result = fillRallyPoint(doc, order);
    if (!result) return panel.status(texts.rally.noForm, true);
    result.form.before(rallyBox(doc, order, result.missingUnits, gameServer));
    tickCountdowns(doc, now() + clockOffset);
  }

  async function refresh(): Promise<void> {
    const { server, token } = settings();
    if (!server || !token) {
      panel.status(texts.notConfigured);
      panel.settings(settings(), true);
      return;
    }
    panel.status(texts.loading);
    const asked = now();
    const result = await fetchOverview(http, server, token, page);
    if (!result.ok) return panel.status(result.message, true);
    // The server's clock, taken at the middle of the round trip: countdowns run on it.
    clockOffset = result.data.serverTime - (asked + now()) / 2;
    panel.tabRequests(result.data.tabRequests);
    panel.attacks(page.villageId === null ? null : result.data.attacks);
    panel.status(texts.updatedAt(formatGameTime(result.data.serverTime, gameServer)));
    applyRallyPoint(result.data);
    tickCountdowns(doc, now() + clockOffset);
  }

  async function pair(serverInput: string): Promise<void> {
    const server = normalizeServerUrl(serverInput);
    if (!server) return panel.status(texts.errors.badServer, true);
    store.set(STORE_KEYS.server, server);
    const run = ++pairingRun;
    const started = await startPairing(http, server, texts.pairing.name(page.world.world));
    if (run !== pairingRun) return;
    if (!started.ok) return panel.pairing({ message: started.message });
    const { deviceCode, userCode, verificationUrl } = started.data;
    panel.pairing({ code: userCode, link: `${server}${verificationUrl}` });
    let interval = started.data.interval;
    const poll = async () => {
      const answer = await pollPairing(http, server, deviceCode);
      if (run !== pairingRun) return;
      if (answer.state === "pending") {
        if (answer.slowDown) interval += 5;
        pairingTimer = timers.setTimeout(() => void poll(), interval * 1000);
        return;
      }
      if (answer.state === "failed") return panel.pairing({ message: answer.message });
      store.set(STORE_KEYS.token, answer.token);
      panel.settings(settings());
      panel.pairing({ message: texts.pairing.done });
      void refresh();
    };
    pairingTimer = timers.setTimeout(() => void poll(), interval * 1000);
  }

  timers.setInterval(() => tickCountdowns(doc, now() + clockOffset), TICK_MS);
  timers.setInterval(() => void refresh(), REFRESH_MS);
  void refresh();
  return { panel, refresh };
}
