// Entry of dsbot.user.js: on a game page (game.php of any world), start the userscript with the
// manager's storage and requests.
import { parseGamePage } from "@dsbot/protocol";
import { startUserscript } from "./app";
import { gmHttp, gmStore } from "./gm";
import { PANEL_ID } from "./panel";

const page = parseGamePage(window.location.href);
// Once per document: a manager that injects twice (or a frame) must not add a second panel.
if (page && !document.getElementById(PANEL_ID)) {
  startUserscript({ http: gmHttp, store: gmStore, doc: document, page, now: () => Date.now(), timers: window });
}
