import { buildingLabels, buildings, unitLabels, units } from "@dsbot/protocol";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "@/test/render-ui";
import { BuildingIcon, buildingIcons } from "./building-icon";
import { Tooltip } from "./tooltip";
import { UnitIcon, unitIcons } from "./unit-icon";

describe("UnitIcon and BuildingIcon", () => {
  it("show the game's German name on hover and name the icon with it", async () => {
    const user = userEvent.setup();
    renderUi(
      <p>
        <UnitIcon unit="axe" /> <BuildingIcon building="main" />
      </p>,
    );
    const axe = screen.getByRole("img", { name: "Axtkämpfer" });
    expect(axe).toHaveAttribute("data-unit-icon", "axe");
    await user.hover(axe);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Axtkämpfer");
    await user.unhover(axe);
    const main = screen.getByRole("img", { name: "Hauptgebäude" });
    expect(main).toHaveAttribute("data-building-icon", "main");
    await user.hover(main);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Hauptgebäude");
  });

  it("leave the hover to a tooltip they sit in: one bubble", async () => {
    const user = userEvent.setup();
    renderUi(
      <Tooltip label="Auch möglich: Schwertkämpfer">
        <span>
          <UnitIcon unit="spy" />
        </span>
      </Tooltip>,
    );
    await user.hover(screen.getByRole("img", { name: "Späher" }));
    expect(screen.getAllByRole("tooltip").map((t) => t.textContent)).toEqual(["Auch möglich: Schwertkämpfer"]);
  });

  it("have an icon of their own for every unit and building", () => {
    expect(new Set(units.map((u) => unitIcons[u])).size).toBe(units.length);
    expect(new Set(buildings.map((b) => buildingIcons[b])).size).toBe(buildings.length);
    expect(Object.keys(unitLabels)).toHaveLength(units.length);
    expect(Object.keys(buildingLabels)).toHaveLength(buildings.length);
  });
});
