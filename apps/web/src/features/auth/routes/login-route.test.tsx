// The login page greets without knowing who signs in: a first-time user must not read "Willkommen zurück".
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render-app";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
});

describe("Login page", { timeout: 60_000 }, () => {
  it("is titled 'Willkommen', not 'Willkommen zurück'", async () => {
    mockFetch({ "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }) });
    renderApp("/login");
    expect(await screen.findByRole("heading", { name: "Willkommen" })).toBeInTheDocument();
    expect(screen.queryByText(/Willkommen zurück/)).not.toBeInTheDocument();
  });
});
