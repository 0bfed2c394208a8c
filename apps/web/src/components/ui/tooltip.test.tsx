import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "@/test/render-ui";
import { placeTooltip, Tooltip } from "./tooltip";

describe("Tooltip", () => {
  it("shows its label on hover, described by it, and hides when the pointer leaves", async () => {
    const user = userEvent.setup();
    renderUi(
      <Tooltip label="Suche (Ctrl+K)">
        <button type="button">Suche</button>
      </Tooltip>,
    );
    const button = screen.getByRole("button", { name: "Suche" });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    await user.hover(button);
    const tooltip = screen.getByRole("tooltip");
    expect(tooltip).toHaveTextContent("Suche (Ctrl+K)");
    expect(button).toHaveAccessibleDescription("Suche (Ctrl+K)");
    await user.unhover(button);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute("aria-describedby");
  });

  it("shows on keyboard focus, keeps the element's own handlers, and not on a tap or when disabled", async () => {
    const user = userEvent.setup();
    const entered: string[] = [];
    const { rerender } = renderUi(
      <Tooltip label="Löschen">
        <button type="button" onPointerEnter={(event) => entered.push(event.pointerType)}>
          x
        </button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.getByRole("tooltip")).toHaveTextContent("Löschen");
    await user.tab();
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    fireEvent.pointerEnter(screen.getByRole("button"), { pointerType: "touch" });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(entered).toEqual(["touch"]);
    fireEvent.pointerLeave(screen.getByRole("button"));
    rerender(
      <Tooltip label="Löschen" disabled>
        <button type="button">x</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole("button"));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });
});

describe("placeTooltip", () => {
  const view = { width: 400, height: 300 };
  const size = { width: 100, height: 30 };

  it("centres the tooltip above its element", () => {
    expect(placeTooltip({ top: 100, bottom: 120, left: 150, width: 20 }, size, view, "top")).toEqual({ left: 110, top: 64, side: "top", arrow: 50 });
  });

  it("goes below where the top has no room, and stays inside the window with the arrow on the element", () => {
    expect(placeTooltip({ top: 10, bottom: 30, left: 0, width: 20 }, size, view, "top")).toEqual({ left: 4, top: 36, side: "bottom", arrow: 10 });
    expect(placeTooltip({ top: 100, bottom: 120, left: 380, width: 20 }, size, view, "top")).toMatchObject({ left: 296, arrow: 90 });
  });

  it("honours 'bottom' while it fits", () => {
    expect(placeTooltip({ top: 100, bottom: 120, left: 150, width: 20 }, size, view, "bottom")).toMatchObject({ top: 126, side: "bottom" });
    expect(placeTooltip({ top: 250, bottom: 280, left: 150, width: 20 }, size, view, "bottom")).toMatchObject({ top: 214, side: "top" });
  });
});
