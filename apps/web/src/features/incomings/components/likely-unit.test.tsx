import type { Incoming } from "@dsbot/protocol";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "@/test/render-ui";
import { LikelyUnit } from "./likely-unit";

const scout = { likelyUnits: ["spy"], otherUnits: [["light", "marcher", "knight"], ["heavy"], ["spear", "axe", "archer"], ["sword"], ["ram", "catapult"], ["snob"]] } as Pick<
  Incoming,
  "likelyUnits" | "otherUnits"
>;

describe("the incoming's likely unit", () => {
  it("says what '+6' is: slower units that fit as well, named on hover with the likely one", async () => {
    const user = userEvent.setup();
    renderUi(<LikelyUnit incoming={scout as Incoming} />);
    const cell = screen.getByRole("group", { name: "Späher" });
    expect(cell).toHaveTextContent("+6 langsamere");
    await user.hover(screen.getByRole("img", { name: "Späher" }));
    expect(screen.getAllByRole("tooltip").map((t) => t.textContent)).toEqual([
      "Wahrscheinlich Späher: die schnellste Einheit, die zur Laufzeit passt. Auch möglich, weil langsamer: Leichte Kavallerie/Berittener Bogenschütze/Paladin, Schwere Kavallerie, Speerträger/Axtkämpfer/Bogenschütze, Schwertkämpfer, Rammbock/Katapult, Adelsgeschlecht.",
    ]);
  });

  it("says when no slower unit fits", async () => {
    const user = userEvent.setup();
    renderUi(<LikelyUnit incoming={{ likelyUnits: ["snob"], otherUnits: [] } as unknown as Incoming} />);
    await user.hover(screen.getByRole("group", { name: "Adelsgeschlecht" }));
    expect(screen.getByRole("tooltip")).toHaveTextContent("Wahrscheinlich Adelsgeschlecht: die schnellste Einheit, die zur Laufzeit passt. Keine langsamere Einheit möglich.");
  });
});
