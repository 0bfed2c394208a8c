import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { plainUser } from "@/test/fixtures";
import { renderUi } from "@/test/render-ui";
import { UserMenu } from "./user-menu";

describe("UserMenu", () => {
  // The header hides username and world below 540px (the header shows both); the menu keeps them reachable.
  it("shows username and world label at the top of the avatar menu", async () => {
    renderUi(<UserMenu user={plainUser} />);
    const avatar = await screen.findByRole("button", { name: "Benutzermenü" });
    expect(avatar).toHaveTextContent("D");
    // No pointer before the click (see app.test.tsx): the click loads the menu and opens it.
    fireEvent.click(avatar);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("demo")).toBeInTheDocument();
    expect(within(menu).getByText("DE231").closest("[title]")).toHaveAttribute("title", "Welt de231 · die-staemme.de");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Account", "Logout"]);
  });
});
