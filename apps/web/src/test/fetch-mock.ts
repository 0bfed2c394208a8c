// A tiny fetch double: route "METHOD /path" to a handler; unknown calls answer 404 in the API's format.
import { vi } from "vitest";

export type FetchHandler = (request: { url: URL; init: RequestInit | undefined; body: unknown }) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

/** Calls every signed-in screen makes (the header's notification bell); a test's own routes win. */
const shellRoutes: Record<string, FetchHandler> = {
  "GET /api/user-notifications": () => json(200, { notifications: [] }),
};

export function mockFetch(routes: Record<string, FetchHandler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const key = `${method} ${url.pathname}`;
    const handler = routes[key] ?? shellRoutes[key];
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    if (!handler) return apiError(404, "not_found", "Nicht gefunden.");
    return handler({ url, init, body });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** fetch that fails like a dropped connection (TypeError: Failed to fetch). */
export function mockNetworkDown() {
  const fn = vi.fn(async () => {
    throw new TypeError("Failed to fetch");
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}
