import type { AttackListResponse } from "@dsbot/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeAttack } from "../test-fixtures";
import { handleAttacksUpdated } from "./attacks-realtime";
import { attackPlanKeys } from "./keys";

describe("attacks-updated", () => {
  it("updates the cached rows of the plan in place and refetches the plan", () => {
    const client = new QueryClient();
    const key = attackPlanKeys.attackList(7, { activePage: 1, perPage: 10, searchVal: "", sortBy: "sendTime", statusFilter: [] });
    client.setQueryData<AttackListResponse>(key, { attacks: [makeAttack({ id: 1 }), makeAttack({ id: 2 })], totals: 2 });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    handleAttacksUpdated(client, { planId: 7, attacks: [{ id: 2, status: "failed", error: "Keine Truppen.", dsbotId: 4, realArrivalTime: null }] });
    const rows = client.getQueryData<AttackListResponse>(key)?.attacks ?? [];
    expect(rows.map((a) => [a.id, a.status, a.error])).toEqual([
      [1, "planned", null],
      [2, "failed", "Keine Truppen."],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: attackPlanKeys.lists });
  });

  it("ignores a message without attacks", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    handleAttacksUpdated(new QueryClient(), { planId: 7 });
    expect(warn).toHaveBeenCalled();
  });
});
