import type { AttackType, PlannerResponse } from "@dsbot/protocol";
import { attackTypeColors } from "@dsbot/protocol";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "@/test/render-ui";
import { PlannerPreviewMap } from "./planner-preview-map";

type Result = Pick<PlannerResponse, "attacks" | "unserved">;

function attack(from: string, to: string, type: AttackType = "attack"): PlannerResponse["attacks"][number] {
  return { from, to, fromVillageId: 1, toVillageId: 2, attacker: null, defender: null, type, units: { axe: 1 }, unit: "axe", sendTime: 0, arrivalTime: 1, priority: 3 };
}

const result: Result = {
  attacks: [attack("500|500", "510|510"), attack("501|500", "511|511"), attack("500|500", "511|511", "fake"), attack("502|501", "510|510", "support")],
  unserved: [{ target: "520|505", type: "attack", requested: 1, planned: 0, reason: "Kein freies Dorf erreicht das Ziel noch im Ankunftsfenster." }],
};

const map = () => screen.getByRole("img", { name: "Vorschau auf der Karte" });
const typePaths = () => Array.from(map().querySelectorAll<SVGPathElement>("path[data-type]"));
const segments = (path: Element) => (path.getAttribute("d") ?? "").match(/M[^M]+/g) ?? [];

describe("PlannerPreviewMap", () => {
  it("draws one segment per attack, one path per type in the Karte's colours, fitted to the villages", () => {
    renderUi(<PlannerPreviewMap result={result} />);
    expect(typePaths().map((p) => [p.dataset.type, p.getAttribute("stroke"), segments(p).length])).toEqual([
      ["attack", attackTypeColors.attack, 2],
      ["fake", attackTypeColors.fake, 1],
      ["support", attackTypeColors.support, 1],
    ]);
    expect(segments(typePaths()[0]!)).toEqual(["M500.5 500.5L510.5 510.5", "M501.5 500.5L511.5 511.5"]);
    const [x, y, width, height] = (map().getAttribute("viewBox") ?? "").split(" ").map(Number) as [number, number, number, number];
    expect(x).toBeLessThan(500);
    expect(x + width).toBeGreaterThan(521);
    expect(y).toBeLessThan(500);
    expect(y + height).toBeGreaterThan(512);
    expect(segments(screen.getByTestId("preview-map-attackers"))).toHaveLength(3);
    expect(segments(screen.getByTestId("preview-map-targets"))).toHaveLength(3);
  });

  it("rings the targets it could not serve and counts everything in the legend", () => {
    renderUi(<PlannerPreviewMap result={result} />);
    expect(segments(screen.getByTestId("preview-map-unserved"))).toEqual(["M520.5 505.5h0"]);
    const legend = screen.getByRole("list", { name: "Legende der Kartenvorschau" });
    expect(within(legend).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Angriff 2",
      "Fake 1",
      "Unterstützung 1",
      "Angreiferdörfer 3",
      "Ziele 3",
      "Nicht bedient 1",
    ]);
    expect(map()).toHaveAttribute("aria-describedby", legend.id);
  });

  it("names the line under the pointer: x|y → x|y and its type", () => {
    renderUi(<PlannerPreviewMap result={{ attacks: [attack("500|500", "510|500", "fake")], unserved: [] }} />);
    const svg = map();
    const [x, y, width, height] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number) as [number, number, number, number];
    // Drawn 10 px per field: the view fills the box exactly.
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: width * 10, height: height * 10, right: width * 10, bottom: height * 10, x: 0, y: 0, toJSON: () => ({}) });
    const at = (fx: number, fy: number) => ({ clientX: (fx - x) * 10, clientY: (fy - y) * 10 });
    fireEvent.pointerMove(svg, at(505, 500.8));
    expect(screen.getByRole("tooltip")).toHaveTextContent("500|500 → 510|500 · Fake");
    expect(screen.getByTestId("preview-map-hover").querySelector("title")).toHaveTextContent("500|500 → 510|500 · Fake");
    fireEvent.pointerMove(svg, at(505, 504));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    fireEvent.pointerMove(svg, at(505, 500.5));
    fireEvent.pointerLeave(svg);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("keeps 2,000 lines to a few elements", () => {
    const attacks = Array.from({ length: 2000 }, (_, i) =>
      attack(`${400 + (i % 50)}|${400 + Math.floor(i / 50)}`, `${500 + (i % 40)}|${520 + (i % 30)}`, i % 4 === 0 ? "conquer" : "attack"),
    );
    renderUi(<PlannerPreviewMap result={{ attacks, unserved: [] }} />);
    expect(typePaths().reduce((sum, p) => sum + segments(p).length, 0)).toBe(2000);
    expect(map().querySelectorAll("path, line").length).toBeLessThan(10);
  });

  it("draws nothing for an answer without villages", () => {
    renderUi(<PlannerPreviewMap result={{ attacks: [], unserved: [] }} />);
    expect(screen.queryByRole("img", { name: "Vorschau auf der Karte" })).not.toBeInTheDocument();
  });
});
