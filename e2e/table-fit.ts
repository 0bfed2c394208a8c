// Whether a data table fits on a real screen: no cell a player reads is cut (header or body), nothing in a
// cell is cut by an ellipsis, and every row action lies whole inside its cell and inside the visible part
// of the table's scroll box. Used by the attack table's and the incomings table's fit specs.
import type { Locator } from "@playwright/test";

export interface TableFit {
  /** What is cut or out of sight, one line each; empty when everything fits. */
  problems: string[];
  tableWidth: number;
  boxWidth: number;
  /** The table scrolls sideways in its box. */
  scrollable: boolean;
  /** The page's own width (a table must never widen the page). */
  pageWidth: number;
  /** Header widths by data-column-id. */
  widths: Record<string, number>;
}

/**
 * Checks every header and body cell of `table` (a `role=table` locator); `actionsColumn` is the id of the
 * column whose buttons, links and checkboxes must be whole and in sight. Cells marked `data-narrow`
 * (an icon reaching into the neighbours' padding by design) are left out of the cut check.
 */
export async function tableFit(table: Locator, actionsColumn = "actions"): Promise<TableFit> {
  return table.evaluate((element, actions) => {
    const box = element.closest(".mantine-TableScrollContainer-scrollContainer") as HTMLElement;
    /** Where `inner` lies outside `outer` (0.5 px of subpixel slack), or null. */
    const outside = (inner: DOMRect, outer: DOMRect): string | null =>
      inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 || inner.bottom > outer.bottom + 0.5
        ? `[${Math.round(inner.left)}–${Math.round(inner.right)}] outside [${Math.round(outer.left)}–${Math.round(outer.right)}]`
        : null;
    const name = (cell: Element) => {
      const row = cell.closest("tr")?.getAttribute("data-row-id");
      const index = [...(cell.parentElement?.children ?? [])].indexOf(cell);
      const column = element.querySelectorAll("thead th")[index]?.getAttribute("data-column-id") ?? String(index);
      return row ? `row ${row} ${column}` : `header ${column}`;
    };
    const problems: string[] = [];
    const headers = [...element.querySelectorAll("thead th")];
    const actionIndex = headers.findIndex((th) => th.getAttribute("data-column-id") === actions);
    for (const cell of element.querySelectorAll<HTMLElement>("thead th, tbody tr[data-row-id] td")) {
      if (cell.hasAttribute("data-narrow")) continue;
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name(cell)} is cut: ${cell.scrollWidth} px in ${cell.clientWidth} px (“${cell.innerText.replace(/\s+/g, " ").trim()}”)`);
      // Text cut inside the cell: an element that hides its overflow (a badge's label, a truncated text).
      for (const inner of cell.querySelectorAll<HTMLElement>("*")) {
        // Visually hidden text (a screen reader's label) is 1 px by design.
        if (inner.clientWidth <= 1 && inner.clientHeight <= 1) continue;
        const style = getComputedStyle(inner);
        const hides = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
        if (hides && inner.scrollWidth > inner.clientWidth + 1) problems.push(`${name(cell)}: “${inner.innerText.trim()}” is cut (${inner.scrollWidth} px in ${inner.clientWidth} px)`);
      }
    }
    const sight = box.getBoundingClientRect();
    for (const row of element.querySelectorAll("tbody tr[data-row-id]")) {
      const cell = row.children[actionIndex] as HTMLElement | undefined;
      if (!cell) {
        problems.push(`row ${row.getAttribute("data-row-id")} has no ${actions} cell`);
        continue;
      }
      for (const control of cell.querySelectorAll("a, button, input")) {
        const rect = control.getBoundingClientRect();
        const label = control.getAttribute("aria-label") ?? control.textContent;
        const inCell = outside(rect, cell.getBoundingClientRect());
        if (inCell) problems.push(`action ${label}: ${inCell}`);
        const inSight = outside(rect, sight);
        if (inSight) problems.push(`action ${label} out of sight: ${inSight}`);
      }
    }
    return {
      problems,
      tableWidth: element.scrollWidth,
      boxWidth: box.clientWidth,
      scrollable: box.scrollWidth > box.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
      widths: Object.fromEntries(headers.map((th) => [th.getAttribute("data-column-id") ?? "", Math.round(th.getBoundingClientRect().width)])),
    };
  }, actionsColumn);
}
