// The rally point (screen=place): which tab request or planned attack this link is for, and filling the
// game's form with its target and units. Only values are set: the script never clicks and never
// submits — sending stays the player's own click.
import type { GamePage, TabRequest, UserscriptAttack } from "@dsbot/protocol";
import { parseGamePage, units } from "@dsbot/protocol";

/** What goes into the form, and where it came from. */
export interface RallyOrder {
  source: "tabRequest" | "attack";
  /** `x|y` of the target. */
  to: string;
  units: Record<string, number>;
  formulas?: Record<string, string>;
  sendTime: number;
  arrivalTime: number;
}

/** The order of this rally point link: an open tab request for the same village and target first, else a planned attack. */
export function findRallyOrder(page: GamePage, tabRequests: readonly TabRequest[], attacks: readonly UserscriptAttack[]): RallyOrder | null {
  if (page.screen !== "place" || page.villageId === null || page.targetVillageId === null) return null;
  for (const request of tabRequests) {
    const link = parseGamePage(request.url);
    if (!request.attack || !link || link.villageId !== page.villageId || link.targetVillageId !== page.targetVillageId) continue;
    const { to, units: counts, formulas, sendTime, arrivalTime } = request.attack;
    return { source: "tabRequest", to, units: counts, ...(formulas ? { formulas } : {}), sendTime, arrivalTime };
  }
  const attack = attacks.find((a) => a.targetVillageId === page.targetVillageId);
  if (!attack) return null;
  return { source: "attack", to: attack.to, units: attack.units, ...(attack.formulas ? { formulas: attack.formulas } : {}), sendTime: attack.sendTime, arrivalTime: attack.arrivalTime };
}

export interface FillResult {
  form: HTMLFormElement;
  /** Units of the order that this world's form has no input for (e.g. archers on a world without them). */
  missingUnits: string[];
}

/** Set a field as typing would, so the game's own scripts (which listen for input/change) see it. */
function setField(input: HTMLInputElement, value: string): void {
  if (input.value === value) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

const isInput = (element: Element | null): element is HTMLInputElement => element?.tagName === "INPUT";

/**
 * Fills `form#command-data-form`: target `x`, `y` (and the combined `x|y` field newer game versions
 * show), each unit's input (`#unit_input_<unit>` / `name=<unit>`) with its count, the other unit
 * inputs emptied. Null when the page has no such form. Never clicks, never submits.
 */
export function fillRallyPoint(doc: Document, order: RallyOrder): FillResult | null {
  const form = doc.getElementById("command-data-form");
  if (!form || form.tagName !== "FORM") return null;
  const [x = "", y = ""] = order.to.split("|");
  const field = (name: string) => form.querySelector(`input[name="${name}"]`);
  for (const [name, value] of [["x", x], ["y", y]] as const) {
    const input = field(name);
    if (isInput(input)) setField(input, value);
  }
  const combined = form.querySelector(".target-input-field");
  if (isInput(combined)) setField(combined, order.to);

  const missingUnits: string[] = [];
  for (const unit of units) {
    const input = form.querySelector(`#unit_input_${unit}`) ?? field(unit);
    const count = order.units[unit] ?? 0;
    if (isInput(input)) setField(input, count > 0 ? String(count) : "");
    else if (count > 0) missingUnits.push(unit);
  }
  return { form: form as HTMLFormElement, missingUnits };
}
