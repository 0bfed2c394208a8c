// The plan page tests' common ground: the hooks every file needs, and the fetch routes a plan page
// needs (the shell, the plan, its attacks with the calls recorded).
import { afterEach, beforeEach } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser } from "@/test/fixtures";
import { signIn } from "@/test/render-app";
import { useAttackTable } from "./stores/attack-table-store";
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

/** Each test starts with the table's default settings and an admin signed in, and leaves no cache behind. */
export function setupPlanPageTests(): void {
  beforeEach(() => {
    useAttackTable.getState().reset();
    signIn(adminUser);
  });
  afterEach(() => {
    useSession.setState({ token: null, user: null });
    queryClient.clear();
  });
}
