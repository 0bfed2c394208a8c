// Pages load on demand. While a page's code loads the route shows the centred loader;
// a chunk that cannot be loaded ends in the route error element, in German.
import { render, screen } from "@testing-library/react";
import { lazy, Suspense, type ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { adminUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { AppProviders } from "./providers";
import { isChunkLoadError, RouteError } from "./route-error";
import { RouteLoading } from "./route-loading";

afterEach(() => {
  useSession.setState({ token: null, user: null });
});

function renderLazyRoute(load: () => Promise<{ default: () => ReactNode }>) {
  const Page = lazy(load);
  const router = createMemoryRouter(
    [{ path: "/", errorElement: <RouteError />, element: <Suspense fallback={<RouteLoading />}><Page /></Suspense> }],
    { initialEntries: ["/"] },
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe("lazy routes", () => {
  it("show the loader while the page's code loads", async () => {
    renderLazyRoute(() => new Promise(() => undefined));
    expect(await screen.findByRole("status", { name: "Seite wird geladen …" })).toBeInTheDocument();
  });

  it("a page whose code fails to load shows the route error in German, with a reload button", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderLazyRoute(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/users-route-abc.js")));
    expect(await screen.findByRole("heading", { name: "Die Seite konnte nicht geladen werden." })).toBeInTheDocument();
    expect(screen.getByText(/Lade die Seite neu/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Neu laden" })).toBeInTheDocument();
    expect(screen.queryByText(/dynamically imported module/)).not.toBeInTheDocument();
  });

  it("other render errors keep the generic message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderLazyRoute(() => Promise.resolve({ default: () => { throw new Error("kaputt"); } }));
    expect(await screen.findByRole("heading", { name: "Es ist ein unerwarteter Fehler aufgetreten." })).toBeInTheDocument();
    expect(screen.getByText("kaputt")).toBeInTheDocument();
  });

  it("recognises the browsers' wordings of a failed chunk load", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://x/assets/a.js",
      "error loading dynamically imported module: https://x/assets/a.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/a.css",
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new Error("kaputt"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("the real route tree renders a lazy page (the dashboard) after its code loaded", async () => {
    mockFetch({
      "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
      "GET /api/auth/me": () => json(200, { user: adminUser }),
    });
    signIn(adminUser);
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });
});
