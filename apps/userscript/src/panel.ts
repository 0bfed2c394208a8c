// The panel the userscript adds to every game page: status, settings (server and pairing), the open
// tab requests of this world and the planned attacks of this village, each with a live countdown.
// The panel lives in the game's page, whose scripts can read and change all of it: so it never holds
// the token (app.ts keeps it in the userscript manager's storage), and what its fields say only
// starts a pairing, never decides where the token goes.
import type { TabRequest, UserscriptAttack } from "@dsbot/protocol";
import { attackTypeLabels, parseGamePage, tabRequestKindLabels } from "@dsbot/protocol";
import { el, setChildren } from "./dom";
import { formatCountdown, formatFormulas, formatGameTime, formatUnits } from "./format";
import { texts } from "./texts";

export const PANEL_ID = "dsbot-userscript";

export interface PanelActions {
  refresh(): void;
  /** Start a pairing with the server typed in (app.ts refuses while a pairing exists). */
  pair(server: string): void;
  cancelPairing(): void;
  /** Forget the token and the server it belongs to. */
  forget(): void;
}

/** What the settings show: the server the script is paired with (null: none), else the address to pair with. */
export interface PanelSettings {
  pairedWith: string | null;
  server: string;
}

export interface Panel {
  root: HTMLElement;
  status(message: string, isError?: boolean): void;
  settings(values: PanelSettings, open?: boolean): void;
  pairing(content: { code: string; link: string } | { message: string } | null): void;
  tabRequests(requests: readonly TabRequest[]): void;
  attacks(attacks: readonly UserscriptAttack[] | null): void;
}

const box: Partial<CSSStyleDeclaration> = {
  position: "fixed",
  top: "8px",
  right: "8px",
  zIndex: "100000",
  width: "340px",
  maxHeight: "80vh",
  overflowY: "auto",
  background: "#f4e4bc",
  color: "#000",
  border: "2px solid #7d510f",
  borderRadius: "4px",
  padding: "6px 8px",
  font: "12px/1.4 Verdana, Arial, sans-serif",
  boxShadow: "0 2px 6px rgba(0,0,0,.35)",
};
const row: Partial<CSSStyleDeclaration> = { display: "flex", gap: "6px", alignItems: "center", flexWrap: "wrap" };
const heading: Partial<CSSStyleDeclaration> = { font: "bold 12px Verdana, Arial, sans-serif", margin: "8px 0 4px" };
const list: Partial<CSSStyleDeclaration> = { listStyle: "none", margin: "0", padding: "0" };
const item: Partial<CSSStyleDeclaration> = { borderTop: "1px solid #c1a264", padding: "4px 0" };

/** A link into the game only: whatever else an answer might carry (`javascript:` …) is no link on the game's page. */
function gameLink(doc: Document, url: string, label: string): HTMLElement | null {
  return parseGamePage(url) ? el(doc, "a", { attrs: { href: url } }, label) : null;
}

/** A countdown the ticker keeps current (see `tickCountdowns`). */
export function countdown(doc: Document, sendTime: number): HTMLElement {
  return el(doc, "span", { attrs: { "data-dsbot-send-time": String(sendTime) }, style: { fontWeight: "bold" } });
}

function requestItem(doc: Document, request: TabRequest, server: string): HTMLElement {
  const a = request.attack;
  return el(
    doc,
    "li",
    { attrs: { "data-dsbot-tab-request": String(request.id) }, style: item },
    el(doc, "div", { style: { fontWeight: "bold" } }, tabRequestKindLabels[request.kind], a ? ` · ${a.from} → ${a.to}` : request.dsbot ? ` · ${request.dsbot.dsPlayer.name}` : ""),
    a && el(doc, "div", {}, `${attackTypeLabels[a.type]}: ${formatUnits(a.units, texts.noUnits)}`),
    a?.formulas && el(doc, "div", {}, texts.formulas(formatFormulas(a.formulas))),
    a && el(doc, "div", {}, texts.sendAt(formatGameTime(a.sendTime, server))),
    a && el(doc, "div", {}, countdown(doc, a.sendTime)),
    el(doc, "div", {}, request.message),
    gameLink(doc, request.url, texts.openTab),
  );
}

function attackItem(doc: Document, attack: UserscriptAttack, server: string): HTMLElement {
  return el(
    doc,
    "li",
    { attrs: { "data-dsbot-attack": String(attack.id) }, style: item },
    el(doc, "div", { style: { fontWeight: "bold" } }, `${attackTypeLabels[attack.type]} → ${attack.to}`, ` · ${attack.planName}`),
    el(doc, "div", {}, formatUnits(attack.units, texts.noUnits)),
    el(doc, "div", {}, texts.sendAt(formatGameTime(attack.sendTime, server))),
    el(doc, "div", {}, countdown(doc, attack.sendTime)),
    gameLink(doc, attack.url, texts.rallyPoint),
  );
}

function button(doc: Document, label: string, onClick: () => void): HTMLButtonElement {
  return el(doc, "button", { attrs: { type: "button" }, on: { click: onClick } }, label);
}

export function createPanel(doc: Document, server: string, actions: PanelActions): Panel {
  const statusLine = el(doc, "p", { attrs: { role: "status" }, style: { margin: "4px 0" } });
  const serverInput = el(doc, "input", { attrs: { type: "url", placeholder: texts.form.serverPlaceholder, autocomplete: "off" }, style: { width: "100%" } });
  const pairingArea = el(doc, "div", { attrs: { "data-dsbot-pairing": "" } });
  // Not paired: an address and „Koppeln“. Paired: the server it is paired with and „Kopplung lösen“.
  const unpairedArea = el(
    doc,
    "div",
    {},
    el(doc, "label", { style: { display: "block", margin: "4px 0" } }, texts.form.server, serverInput),
    el(doc, "div", { style: { ...row, marginTop: "4px" } }, button(doc, texts.form.pair, () => actions.pair(serverInput.value))),
  );
  const pairedWith = el(doc, "p", { style: { margin: "4px 0" } });
  const pairedArea = el(
    doc,
    "div",
    { attrs: { hidden: "" } },
    pairedWith,
    el(doc, "div", { style: { fontSize: "11px" } }, texts.form.otherServerHint),
    el(doc, "div", { style: { ...row, marginTop: "4px" } }, button(doc, texts.form.forget, () => actions.forget())),
  );
  const settingsArea = el(doc, "div", { attrs: { hidden: "" } }, unpairedArea, pairedArea, pairingArea);
  const settingsToggle = el(doc, "button", { attrs: { type: "button", "aria-expanded": "false" } }, texts.settings);
  let settingsOpen = false;
  const showSettings = (open: boolean) => {
    settingsOpen = open;
    settingsArea.hidden = !open;
    settingsToggle.setAttribute("aria-expanded", String(open));
  };
  settingsToggle.addEventListener("click", () => showSettings(!settingsOpen));

  const requestsHeading = el(doc, "h3", { style: heading }, texts.tabRequests(0));
  const requestsList = el(doc, "ul", { style: list });
  const attacksHeading = el(doc, "h3", { style: heading }, texts.attacks(0));
  const attacksList = el(doc, "ul", { style: list });
  const empty = (text: string) => el(doc, "li", { style: { ...item, fontStyle: "italic" } }, text);

  const root = el(
    doc,
    "aside",
    { attrs: { id: PANEL_ID, "aria-label": texts.title }, style: box },
    el(doc, "div", { style: { ...row, justifyContent: "space-between" } }, el(doc, "strong", {}, texts.title), el(doc, "span", { style: row }, button(doc, texts.refresh, () => actions.refresh()), settingsToggle)),
    statusLine,
    settingsArea,
    el(doc, "section", { attrs: { "aria-label": texts.tabRequestsLabel } }, requestsHeading, requestsList),
    el(doc, "section", { attrs: { "aria-label": texts.attacksLabel } }, attacksHeading, attacksList),
  );

  return {
    root,
    status(message, isError = false) {
      statusLine.textContent = message;
      statusLine.style.color = isError ? "#a00" : "#000";
    },
    settings(values, open) {
      serverInput.value = values.server;
      pairedWith.textContent = values.pairedWith ? texts.form.pairedWith(values.pairedWith) : "";
      unpairedArea.hidden = values.pairedWith !== null;
      pairedArea.hidden = values.pairedWith === null;
      if (open !== undefined) showSettings(open);
    },
    pairing(content) {
      if (content === null) return setChildren(pairingArea, []);
      if ("message" in content) return setChildren(pairingArea, [el(doc, "p", {}, content.message)]);
      setChildren(pairingArea, [
        el(doc, "p", { style: { margin: "4px 0" } }, texts.pairing.confirm(content.code)),
        el(doc, "p", { attrs: { "data-dsbot-user-code": "" }, style: { font: "bold 16px monospace", margin: "2px 0" } }, content.code),
        el(doc, "a", { attrs: { href: content.link, target: "_blank", rel: "noreferrer" } }, texts.pairing.link),
        el(doc, "p", { style: { margin: "4px 0" } }, texts.pairing.waiting, " ", button(doc, texts.form.cancelPairing, () => actions.cancelPairing())),
      ]);
    },
    tabRequests(requests) {
      requestsHeading.textContent = texts.tabRequests(requests.length);
      setChildren(requestsList, requests.length > 0 ? requests.map((r) => requestItem(doc, r, server)) : [empty(texts.noTabRequests)]);
    },
    attacks(attacks) {
      attacksHeading.textContent = texts.attacks(attacks?.length ?? 0);
      if (attacks === null) return setChildren(attacksList, [empty(texts.noVillage)]);
      setChildren(attacksList, attacks.length > 0 ? attacks.map((a) => attackItem(doc, a, server)) : [empty(texts.noAttacks)]);
    },
  };
}

/** Every countdown on the page, against the dsbot server's clock (`now` includes its offset). */
export function tickCountdowns(doc: Document, now: number): void {
  for (const node of doc.querySelectorAll<HTMLElement>("[data-dsbot-send-time]")) {
    const left = Number(node.dataset.dsbotSendTime) - now;
    const text = left >= 0 ? texts.sendIn(formatCountdown(left)) : texts.sendOverdue(formatCountdown(left));
    if (node.textContent !== text) node.textContent = text;
  }
}
