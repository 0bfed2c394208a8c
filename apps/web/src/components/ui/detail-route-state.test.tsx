import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { renderUi } from "@/test/render-ui";
import { detailRouteState } from "./detail-route-state";

const notFound = { title: "Den Plan gibt es nicht.", backTo: "/attack-plans", backLabel: "Zurück zur Liste" };

function stateOf(data: unknown, error: Error | null) {
  return detailRouteState({ valid: true, query: { data, error, isError: error !== null, refetch: vi.fn() }, notFound, skeletons: [40] });
}

describe("detailRouteState", () => {
  it("shows the error with a retry when nothing was loaded", async () => {
    renderUi(<>{stateOf(undefined, new ApiError(500, "INTERNAL", "Der Server hat einen Fehler gemeldet."))}</>);
    expect(await screen.findByText("Der Server hat einen Fehler gemeldet.")).toBeInTheDocument();
  });

  it("keeps the page when a refetch of a shown object fails", () => {
    expect(stateOf({ id: 1 }, new ApiError(500, "INTERNAL", "Der Server hat einen Fehler gemeldet."))).toBeNull();
    expect(stateOf({ id: 1 }, null)).toBeNull();
  });

  it("ends the page at once when the object is gone or no longer visible (404)", async () => {
    renderUi(<>{stateOf({ id: 1 }, new ApiError(404, "NOT_FOUND", "Nicht gefunden."))}</>);
    expect(await screen.findByText("Den Plan gibt es nicht.")).toBeInTheDocument();
  });
});
