// @vitest-environment jsdom
import type { GamePage, TabRequest, UserscriptAttack } from "@dsbot/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { fillRallyPoint, findRallyOrder, type RallyOrder } from "./rally-point";

const world = { server: "die-staemme.de", world: "de231" };
const page = (query: Partial<GamePage> = {}): GamePage => ({ world, villageId: 12, screen: "place", targetVillageId: 34, ...query });

/** The game's rally point form: target x/y, one input per unit of this world (no archers here), the two buttons. */
function rallyPointForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form id="command-data-form" action="/game.php?village=12&screen=place&try=confirm" method="post">
      <input id="unit_input_spear" name="spear" type="text" value="3">
      <input id="unit_input_sword" name="sword" type="text" value="">
      <input id="unit_input_axe" name="axe" type="text" value="">
      <input id="unit_input_spy" name="spy" type="text" value="">
      <input id="unit_input_light" name="light" type="text" value="">
      <input id="unit_input_heavy" name="heavy" type="text" value="">
      <input id="unit_input_ram" name="ram" type="text" value="">
      <input id="unit_input_catapult" name="catapult" type="text" value="">
      <input id="unit_input_knight" name="knight" type="text" value="">
      <input id="unit_input_snob" name="snob" type="text" value="">
      <input name="x" type="text" value=""><input name="y" type="text" value="">
      <input id="target_attack" type="submit" value="Angreifen">
      <input id="target_support" type="submit" value="Unterstützen">
    </form>`;
  return document.getElementById("command-data-form") as HTMLFormElement;
}

const order: RallyOrder = { source: "tabRequest", to: "503|498", units: { axe: 100, ram: 5, archer: 10 }, sendTime: 1, arrivalTime: 2 };

afterEach(() => {
  document.body.innerHTML = "";
});

describe("filling the rally point", () => {
  it("fills target and units, empties the other units, names units the world lacks, and never submits", () => {
    const form = rallyPointForm();
    const seen: string[] = [];
    form.addEventListener("input", (event) => seen.push((event.target as HTMLInputElement).name));
    let submitted = 0;
    form.addEventListener("submit", (event) => {
      submitted += 1;
      event.preventDefault();
    });
    for (const id of ["target_attack", "target_support"]) document.getElementById(id)?.addEventListener("click", () => (submitted += 1));

    const result = fillRallyPoint(document, order);
    expect(result?.form).toBe(form);
    expect(result?.missingUnits).toEqual(["archer"]);
    const value = (name: string) => (form.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;
    expect([value("x"), value("y"), value("axe"), value("ram"), value("spear"), value("sword")]).toEqual(["503", "498", "100", "5", "", ""]);
    expect(seen.sort()).toEqual(["axe", "ram", "spear", "x", "y"]);
    expect(submitted).toBe(0);
  });

  it("answers null on a page without the form", () => {
    document.body.innerHTML = "<p>Übersicht</p>";
    expect(fillRallyPoint(document, order)).toBeNull();
  });
});

describe("which order a rally point link is for", () => {
  const attack = { id: 7, planId: 1, planName: "Plan", type: "attack", from: "500|500", to: "503|498", units: { axe: 100 }, sendTime: 10, arrivalTime: 20 } as const;
  const request = (url: string, id = 1): TabRequest => ({
    id,
    kind: "attack",
    dsbot: null,
    attack: { ...attack, units: { ...attack.units } },
    reason: null,
    message: "Bitte schicke ihn selbst.",
    cause: "",
    url,
    createdAt: "2026-01-01T00:00:00.000Z",
    doneAt: null,
  });
  const planned: UserscriptAttack = { ...attack, id: 8, status: "planned", to: "510|490", targetVillageId: 34, units: { spear: 10 }, url: "", sendTime: 30 };

  it("takes the tab request of the same village and target", () => {
    const requests = [request("https://de231.die-staemme.de/game.php?village=12&screen=place&target=99", 1), request("https://de231.die-staemme.de/game.php?village=12&screen=place&target=34&axe=100", 2)];
    expect(findRallyOrder(page(), requests, [planned])).toEqual({ source: "tabRequest", to: "503|498", units: { axe: 100 }, sendTime: 10, arrivalTime: 20 });
  });

  it("falls back to a planned attack on the target, and is nothing off the rally point", () => {
    expect(findRallyOrder(page(), [], [planned])).toMatchObject({ source: "attack", to: "510|490", units: { spear: 10 } });
    expect(findRallyOrder(page({ targetVillageId: 35 }), [], [planned])).toBeNull();
    expect(findRallyOrder(page({ screen: "overview" }), [], [planned])).toBeNull();
  });
});
