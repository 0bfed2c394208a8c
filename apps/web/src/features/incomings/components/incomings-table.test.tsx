// The incomings table's cells: the target's village name once beside its coordinates (which link to the
// game's village info where the id is known), the marking from the game when the player set none, a
// noble train's rows joined, and "Verteidigen" as a button on every row.
import type { Incoming } from "@dsbot/protocol";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makeIncoming } from "@/test/incoming-fixtures";
import { renderUi } from "@/test/render-ui";
import { markingOf, trainPlaces } from "./incoming-cells";
import { IncomingsTable } from "./incomings-table";

const NOW = Date.UTC(2031, 5, 1, 8, 0, 0);

const incoming = (id: number, over: Partial<Incoming> = {}): Incoming => makeIncoming(id, { arrivalTime: NOW + 3_600_000 + id, ...over }, NOW);

function renderTable(incomings: Incoming[]) {
  const actions = { onTag: vi.fn(() => Promise.resolve()), onDelete: vi.fn(), onDefend: vi.fn() };
  renderUi(
    <IncomingsTable incomings={incomings} loading={false} now={NOW} zone="Europe/Berlin" sortBy="arrivalTime" onSortByChange={() => {}} actions={actions} emptyText="–" />,
  );
  const table = screen.getByRole("table", { name: "Eingehende Angriffe" });
  const row = (id: number) => table.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`)!;
  return { table, row, actions };
}

describe("the incomings table", () => {
  it("shows the target's name once beside its coordinates, which link to the game's village info", () => {
    const { row } = renderTable([incoming(1), incoming(2, { target: { villageId: null, name: null, coordinates: "501|500", player: null } })]);
    const named = row(1);
    expect(within(named).getAllByText("500|500")).toHaveLength(1);
    expect(within(named).getAllByText("Alpha")).toHaveLength(1);
    expect(within(named).getByRole("link", { name: "Alpha (500|500) im Spiel ansehen" })).toHaveAttribute(
      "href",
      "https://de231.die-staemme.de/game.php?screen=info_village&id=1",
    );
    expect(within(named).getByRole("link", { name: "Feindesland (520|480) im Spiel ansehen" })).toHaveAttribute(
      "href",
      "https://de231.die-staemme.de/game.php?screen=info_village&id=9",
    );
    // Without a name or id: the coordinates once, no link.
    const unnamed = row(2);
    expect(within(unnamed).getAllByText("501|500")).toHaveLength(1);
    expect(within(unnamed).queryByRole("link", { name: /501\|500/ })).not.toBeInTheDocument();
  });

  it("shows the marking the game carries (the Umbenenner's) when the player set none, the player's tag before it", async () => {
    const user = userEvent.setup();
    const { row } = renderTable([incoming(1, { label: "Ramme 12:30 Fake?" }), incoming(2, { label: "Ramme 12:30", tag: "AG 1" }), incoming(3)]);
    const fromGame = within(row(1)).getByText("Ramme 12:30 Fake?");
    expect(fromGame).toHaveAttribute("data-marking", "game");
    await user.hover(fromGame);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Im Spiel markiert (z. B. vom Umbenenner)");
    expect(within(row(2)).getByText("AG 1")).toHaveAttribute("data-marking", "tag");
    expect(within(row(2)).queryByText("Ramme 12:30")).not.toBeInTheDocument();
    // The game's own label of an untouched attack is no marking.
    expect(within(row(3)).queryByText("Angriff", { selector: "[data-marking]" })).not.toBeInTheDocument();
    // The editor starts from the marking shown.
    await user.click(within(row(1)).getByRole("button", { name: "Markierung für den Angriff auf 500|500 bearbeiten" }));
    expect(await screen.findByRole("textbox", { name: "Markierung" })).toHaveValue("Ramme 12:30 Fake?");
  });

  it("joins a noble train's rows: first, middle, last; a row between them breaks the join", () => {
    const train = (id: number, index: number) => incoming(id, { kind: index > 1 ? "noble" : "attack", trainId: 10, trainIndex: index });
    const { row } = renderTable([incoming(1), train(10, 1), train(11, 2), train(12, 3), train(13, 4), incoming(2)]);
    expect([10, 11, 12, 13].map((id) => row(id).dataset.trainPlace)).toEqual(["first", "middle", "middle", "last"]);
    expect(row(1)).not.toHaveAttribute("data-train-place");
    expect(within(row(11)).getByText("Adelszug · 2.")).toBeInTheDocument();
    expect(trainPlaces([train(10, 1), incoming(3), train(11, 2)].map((r) => ({ id: r.id, trainId: r.trainId })))).toEqual(
      new Map([
        [10, "alone"],
        [11, "alone"],
      ]),
    );
  });

  it("offers 'Verteidigen' as a button on every row", async () => {
    const user = userEvent.setup();
    const { row, actions } = renderTable([incoming(1), incoming(2, { source: "paste", dsbot: null })]);
    const defend = within(row(2)).getByRole("button", { name: "500|500 verteidigen" });
    expect(defend).toHaveTextContent("Verteidigen");
    await user.click(defend);
    expect(actions.onDefend).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(within(row(1)).getByRole("button", { name: "500|500 verteidigen" })).toBeInTheDocument();
  });
});

describe("markingOf", () => {
  it("is the tag, else a label set in the game, else nothing", () => {
    expect(markingOf({ tag: "AG", label: "Fake" })).toEqual({ text: "AG", fromGame: false });
    expect(markingOf({ tag: null, label: " Fake " })).toEqual({ text: "Fake", fromGame: true });
    expect(markingOf({ tag: null, label: "Angriff" })).toBeNull();
    expect(markingOf({ tag: null, label: null })).toBeNull();
  });
});
