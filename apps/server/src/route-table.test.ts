// The REST route table (@dsbot/protocol's routes) and the server's registered routes are one list:
// every route of the table is served, and every /api route the server serves is in the table.
import type { Route } from "@dsbot/protocol";
import { routeTable } from "@dsbot/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../test/test-app.js";
import { createTestApp } from "../test/test-app.js";

let app: TestApp | undefined;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.dispose();
});

const key = (method: string, path: string) => `${method} ${path}`;

function tableRoutes(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [module, routes] of Object.entries(routeTable)) {
    for (const [name, route] of Object.entries(routes as Record<string, Route>)) {
      const routeKey = key(route.method, route.path);
      expect(keys.has(routeKey), `${module}.${name} repeats ${routeKey} (${keys.get(routeKey)})`).toBe(false);
      keys.set(routeKey, `${module}.${name}`);
    }
  }
  return keys;
}

describe("the REST route table", () => {
  it("names every /api route the server registers, and the server registers every route it names", () => {
    const table = tableRoutes();
    const served = new Set(app!.routes.filter((r) => r.url.startsWith("/api/")).map((r) => key(r.method, r.url)));
    expect({
      "served but not in the table": [...served].filter((k) => !table.has(k)).sort(),
      "in the table but not served": [...table.keys()].filter((k) => !served.has(k)).sort(),
    }).toEqual({ "served but not in the table": [], "in the table but not served": [] });
  });

  it("writes every path under /api/ with its parameters as :name", () => {
    for (const routes of Object.values(routeTable)) {
      for (const route of Object.values(routes as Record<string, Route>)) {
        expect(route.path).toMatch(/^\/api\/[a-z0-9\-/:A-Z]*$/);
      }
    }
  });
});
