// @vitest-environment jsdom
// The userscript in a game page whose own scripts are hostile: they can read and change the whole DOM,
// the panel included, but must neither find the token nor make the script send it anywhere else.
import type { GamePage } from "@dsbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { readPairing, startUserscript, STORE_KEYS } from "./app";
import type { Http, HttpRequest, Store } from "./gm";
import { texts } from "./texts";

const REAL = "https://dsbot.example";
const EVIL = "https://evil.example";
const REAL_TOKEN = "echtes-userscript-token-4711";
const page: GamePage = { world: { server: "die-staemme.de", world: "de231" }, villageId: 12, screen: "overview", targetVillageId: null };

/** Two dsbot-like servers: each pairs at the first poll and answers the overview. */
function servers() {
  const sent: HttpRequest[] = [];
  const http: Http = async (request) => {
    sent.push(request);
    const token = request.url.startsWith(`${REAL}/`) ? REAL_TOKEN : "boeses-token";
    const path = new URL(request.url).pathname;
    const json = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
    if (path === "/api/dsbot-auth/device") return json({ deviceCode: "geheimer-device-code", userCode: "ABCD-EFGH", verificationUrl: "/dsbot-auth?code=ABCD-EFGH", expiresIn: 600, interval: 2 });
    if (path === "/api/dsbot-auth/token") return json({ token, name: "Userscript de231" });
    if (path === "/api/userscript/overview") return json({ tabRequests: [], attacks: [], serverTime: 1_000 });
    return { status: 404, body: "" };
  };
  return { sent, http };
}

function memoryStore(initial: Record<string, string> = {}): Store & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (key) => values.get(key) ?? "", set: (key, value) => void values.set(key, value) };
}

/** Timers the test runs by hand: the pairing's polls. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    timers: {
      setTimeout: ((fn: () => void) => (pending.set(++next, fn), next)) as unknown as typeof setTimeout,
      clearTimeout: ((id: number) => void pending.delete(id)) as unknown as typeof clearTimeout,
      setInterval: (() => 0) as unknown as typeof setInterval,
    },
    runPending() {
      const due = [...pending.values()];
      pending.clear();
      for (const fn of due) fn();
    },
  };
}

/** Let the fake server's answers and the handlers after them run. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>("button")];
const button = (label: string) => {
  const found = buttons().find((b) => b.textContent === label);
  if (!found) throw new Error(`no button ${label}`);
  return found;
};
const serverField = () => document.querySelector<HTMLInputElement>('input[type="url"]');

/** The script on a fresh page, paired with the real server the way a user does it: address, „Koppeln“, confirm. */
async function pairedScript(store = memoryStore()) {
  const { sent, http } = servers();
  const clock = manualTimers();
  const script = startUserscript({ http, store, doc: document, page, now: () => 1_000, timers: clock.timers });
  await flush();
  const field = serverField();
  if (!field) throw new Error("no server field");
  field.value = REAL;
  button(texts.form.pair).click();
  await flush();
  const shownCode = document.querySelector("[data-dsbot-user-code]")?.textContent;
  clock.runPending();
  await flush();
  return { sent, store, clock, script, shownCode };
}

/** Every string a page script can read off the document: input values, attributes, text. */
function readableByPage(): string[] {
  const found: string[] = [document.documentElement.outerHTML, document.documentElement.textContent ?? ""];
  for (const node of document.querySelectorAll("*")) {
    for (const attribute of node.attributes) found.push(attribute.value);
    if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) found.push(node.value, node.defaultValue);
  }
  return found;
}

const withToken = (sent: HttpRequest[], token: string) => sent.filter((r) => JSON.stringify(r).includes(token));

afterEach(() => {
  document.body.replaceChildren();
});

describe("the userscript in a hostile game page", () => {
  it("pairs as a userscript, shows only the user code, and keeps the token out of the page", async () => {
    const { sent, store, shownCode } = await pairedScript();
    // No page script finds the token anywhere in the document, nor the device code.
    button(texts.settings).click();
    const readable = readableByPage();
    expect(readable.filter((text) => text.includes(REAL_TOKEN))).toEqual([]);
    expect(readable.filter((text) => text.includes("geheimer-device-code"))).toEqual([]);
    expect(readable.join(" ")).toContain(texts.form.pairedWith(REAL));
    const device = sent.find((r) => r.url === `${REAL}/api/dsbot-auth/device`);
    expect(JSON.parse(device?.body ?? "{}")).toEqual({ name: "Userscript de231", scope: "userscript" });
    expect(shownCode).toBe("ABCD-EFGH");
    expect(document.querySelector("[data-dsbot-pairing]")?.textContent).toBe(texts.pairing.done);
    expect(readPairing(store)).toEqual({ server: REAL, token: REAL_TOKEN });
    // It reads the overview with the token, from the server that issued it.
    expect(withToken(sent, REAL_TOKEN).map((r) => r.url)).toEqual([`${REAL}/api/userscript/overview?server=die-staemme.de&world=de231&village=12`]);
  });

  it("sends the token nowhere else, whatever a page script types into the server field and clicks", async () => {
    const { sent, clock, script } = await pairedScript();
    for (let round = 0; round < 3; round++) {
      for (const b of buttons()) {
        const field = serverField();
        if (field) {
          field.value = EVIL;
          field.dispatchEvent(new Event("input", { bubbles: true }));
          field.dispatchEvent(new Event("change", { bubbles: true }));
        }
        b.click();
        await flush();
        clock.runPending();
        await flush();
      }
      await script.refresh();
    }
    const toEvil = sent.filter((r) => r.url.startsWith(`${EVIL}/`));
    // The page script did reach something (a pairing with its server, after forgetting the real one) …
    expect(toEvil.length).toBeGreaterThan(0);
    // … but the real token went to the real server only, and never in a pairing.
    expect(withToken(sent, REAL_TOKEN).every((r) => r.url.startsWith(`${REAL}/api/userscript/overview?`))).toBe(true);
    expect(withToken(toEvil, REAL_TOKEN)).toEqual([]);
  });

  it("refuses a new pairing while paired: the token's server changes only by forgetting it first", async () => {
    const { sent, store } = await pairedScript();
    const field = serverField();
    if (field) field.value = EVIL;
    button(texts.form.pair).click();
    await flush();
    expect(sent.filter((r) => r.url.startsWith(EVIL))).toEqual([]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.pairing.alreadyPaired(REAL));

    button(texts.form.forget).click();
    expect(readPairing(store)).toBeNull();
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.form.forgotten);
  });

  it("drops a token an older version kept where the page could type it in, and asks to pair", async () => {
    const { sent, http } = servers();
    const store = memoryStore({ [STORE_KEYS.server]: REAL, [STORE_KEYS.legacyToken]: "altes-runner-token" });
    startUserscript({ http, store, doc: document, page, now: () => 1_000, timers: manualTimers().timers });
    await flush();
    expect(store.values.get(STORE_KEYS.legacyToken)).toBe("");
    expect(withToken(sent, "altes-runner-token")).toEqual([]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.notConfigured);
    expect(serverField()?.value).toBe(REAL);
  });
});
