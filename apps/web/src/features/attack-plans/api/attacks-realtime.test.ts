import type { AttackListResponse } from "@dsbot/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { notifyRealtimeConnected } from "@/lib/realtime-dispatcher";
import { makeAttack } from "../test-fixtures";
import { handleAttacksUpdated, handleCommandEvent, useAttacksRealtime } from "./attacks-realtime";
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

  it("refetches every plan query on each (re)connect of the socket, while a plan page is open", () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { unmount } = renderHook(() => useAttacksRealtime(), { wrapper });
    notifyRealtimeConnected();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: attackPlanKeys.all });
    unmount();
    invalidate.mockClear();
    notifyRealtimeConnected();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe("the spec's bot command events", () => {
  it("botUpdateCommandStatus and botUpdateAttackError update the attack's row wherever it is loaded", () => {
    const client = new QueryClient();
    const key = attackPlanKeys.attackList(7, { activePage: 1, perPage: 10, searchVal: "", sortBy: "sendTime", statusFilter: [] });
    const other = attackPlanKeys.attackList(8, { activePage: 1, perPage: 10, searchVal: "", sortBy: "sendTime", statusFilter: [] });
    client.setQueryData<AttackListResponse>(key, { attacks: [makeAttack({ id: 1 }), makeAttack({ id: 2 })], totals: 2 });
    const untouched = { attacks: [makeAttack({ id: 9 })], totals: 1 };
    client.setQueryData<AttackListResponse>(other, untouched);
    handleCommandEvent(client, "botUpdateCommandStatus", { command: { id: 2, dsbotId: 4, status: "sent" } });
    handleCommandEvent(client, "botUpdateAttackError", { command: { id: 1, dsbotId: 4, error: "Nicht genügend Einheiten." } });
    // A status that is no attack status and a malformed message change nothing.
    handleCommandEvent(client, "botUpdateCommandStatus", { command: { id: 1, dsbotId: 4, status: "kaputt" } });
    handleCommandEvent(client, "botUpdateCommandStatus", { command: { id: 1 } });
    const rows = client.getQueryData<AttackListResponse>(key)?.attacks ?? [];
    expect(rows.map((a) => [a.id, a.status, a.error, a.dsbotId])).toEqual([
      [1, "planned", "Nicht genügend Einheiten.", 4],
      [2, "sent", null, 4],
    ]);
    expect(client.getQueryData(other)).toBe(untouched);
  });
});
