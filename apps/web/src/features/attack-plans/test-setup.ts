// The fetch routes a plan page needs in the tests: the shell, the plan, its attacks (calls recorded).
import { json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser } from "@/test/fixtures";
import { makeAttack, planOffensive } from "./test-fixtures";
import type { Attack, AttackPlan } from "@dsbot/protocol";

export interface PlanMock {
  attackCalls: URLSearchParams[];
  fetch: ReturnType<typeof mockFetch>;
}

export function mockPlanPage(options: { plan?: AttackPlan; attacks?: Attack[]; routes?: Record<string, FetchHandler> } = {}): PlanMock {
  const plan = options.plan ?? planOffensive;
  const attacks = options.attacks ?? [makeAttack({ id: 1 }), makeAttack({ id: 2, status: "failed", error: "Nicht genug Truppen." })];
  const attackCalls: URLSearchParams[] = [];
  const fetch = mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: adminUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    [`GET /api/attack-plans/${plan.id}`]: () => json(200, { attackPlan: plan }),
    [`GET /api/attack-plans/${plan.id}/attacks`]: ({ url }) => {
      attackCalls.push(url.searchParams);
      return json(200, { attacks, totals: attacks.length });
    },
    ...options.routes,
  });
  return { attackCalls, fetch };
}
