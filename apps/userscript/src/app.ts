// The userscript on one game page: settings from its storage, the panel, a refresh every half minute,
// pairing through the device flow, and on a rally point link the form filled once from the matching
// tab request (or planned attack) with a countdown to the send time. Nothing is ever sent by it.
//
// The game's page and its scripts see the panel (it is part of their DOM), so the token never enters
// it: it lives in the userscript manager's storage only, together with the server that issued it, and
// goes to that server only. Changing the server means forgetting the token and pairing again; a
// pairing sends no token. The token is a userscript token (scope "userscript"): it reads the overview
// and nothing else (docs/SECURITY.md).
import type { GamePage, UserscriptOverviewResponse } from "@dsbot/protocol";
import { unitLabels } from "@dsbot/protocol";
import { fetchOverview, normalizeServerUrl, pollPairing, startPairing } from "./api";
import { el } from "./dom";
import { formatFormulas, formatGameTime, formatUnits } from "./format";
import type { Http, Store } from "./gm";
import { countdown, createPanel, tickCountdowns, type Panel, type PanelSettings } from "./panel";
import { fillRallyPoint, findRallyOrder, type RallyOrder } from "./rally-point";
import { texts } from "./texts";

export const STORE_KEYS = {
  /** JSON `{ server, token }`: the token and the server that issued it, written by a finished pairing only. */
  pairing: "dsbot.pairing",
  /** The address last typed to pair with: a suggestion for the field, never where a token goes. */
  server: "dsbot.server",
  /** Older versions kept a runner token here (typed in, and readable by the page): dropped at start. */
  legacyToken: "dsbot.token",
} as const;

export interface Pairing {
  server: string;
  token: string;
}

/** The stored pairing, or null when there is none (or it is unreadable). */
export function readPairing(store: Store): Pairing | null {
  try {
    const value = JSON.parse(store.get(STORE_KEYS.pairing)) as Partial<Pairing> | null;
    const server = typeof value?.server === "string" ? normalizeServerUrl(value.server) : null;
    return server && typeof value?.token === "string" && value.token.length > 0 ? { server, token: value.token } : null;
  } catch {
    return null;
  }
}
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

  if (store.get(STORE_KEYS.legacyToken) !== "") store.set(STORE_KEYS.legacyToken, "");
  /** What the panel may show: the paired server and the suggested address, never the token. */
  const settings = (): PanelSettings => ({ pairedWith: readPairing(store)?.server ?? null, server: store.get(STORE_KEYS.server) });
  const stopPairing = () => {
    pairingRun += 1;
    timers.clearTimeout(pairingTimer);
  };

  const panel = createPanel(doc, gameServer, {
    refresh: () => void refresh(),
    pair: (serverInput) => void pair(serverInput),
    cancelPairing() {
      stopPairing();
      panel.pairing(null);
    },
    forget() {
      stopPairing();
      store.set(STORE_KEYS.pairing, "");
      panel.pairing(null);
      panel.settings(settings(), true);
      panel.status(texts.form.forgotten);
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
    const pairing = readPairing(store);
    if (!pairing) {
      panel.status(texts.notConfigured);
      panel.settings(settings(), true);
      return;
    }
    panel.status(texts.loading);
    const asked = now();
    // The token goes to the server that issued it, whatever the panel's fields say.
    const result = await fetchOverview(http, pairing.server, pairing.token, page);
    if (!result.ok) return panel.status(result.message, true);
    // The server's clock, taken at the middle of the round trip: countdowns run on it.
    clockOffset = result.data.serverTime - (asked + now()) / 2;
    panel.tabRequests(result.data.tabRequests);
    panel.attacks(page.villageId === null ? null : result.data.attacks);
    panel.status(texts.updatedAt(formatGameTime(result.data.serverTime, gameServer)));
    applyRallyPoint(result.data);
    tickCountdowns(doc, now() + clockOffset);
  }

  /** A new pairing only without one: the token of a pairing is never replaced by another server's. */
  async function pair(serverInput: string): Promise<void> {
    const paired = readPairing(store);
    if (paired) return panel.status(texts.pairing.alreadyPaired(paired.server), true);
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
      // Pinned: this token goes to the server that issued it, and only there.
      store.set(STORE_KEYS.pairing, JSON.stringify({ server, token: answer.token } satisfies Pairing));
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
