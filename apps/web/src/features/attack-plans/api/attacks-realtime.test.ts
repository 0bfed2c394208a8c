import type { AttackListResponse } from "@dsbot/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchRealtimeMessage, notifyRealtimeConnected, resetRealtimeHandlers } from "@/lib/realtime-dispatcher";
import { makeAttack } from "../test-fixtures";
import { handleAttacksUpdated, useAttacksRealtime } from "./attacks-realtime";
import { attackPlanKeys } from "./keys";

afterEach(() => resetRealtimeHandlers());

/** Mounts the plan page's realtime handlers on `client` (unmounted by the caller). */
function listen(client: QueryClient): () => void {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useAttacksRealtime(), { wrapper }).unmount;
}

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

  it("ignores a message without attacks, with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const unmount = listen(client);
    dispatchRealtimeMessage({ type: "attacks-updated", data: { planId: 7 } });
    expect(warn).toHaveBeenCalledOnce();
    expect(invalidate).not.toHaveBeenCalled();
    unmount();
  });

  it("refetches every plan query on each (re)connect of the socket, while a plan page is open", () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const unmount = listen(client);
    notifyRealtimeConnected();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: attackPlanKeys.all });
    unmount();
    invalidate.mockClear();
    notifyRealtimeConnected();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe("the bot command events", () => {
  it("botUpdateCommandStatus and botUpdateAttackError update the attack's row wherever it is loaded", () => {
    const client = new QueryClient();
    const key = attackPlanKeys.attackList(7, { activePage: 1, perPage: 10, searchVal: "", sortBy: "sendTime", statusFilter: [] });
    const other = attackPlanKeys.attackList(8, { activePage: 1, perPage: 10, searchVal: "", sortBy: "sendTime", statusFilter: [] });
    client.setQueryData<AttackListResponse>(key, { attacks: [makeAttack({ id: 1 }), makeAttack({ id: 2 })], totals: 2 });
    const untouched = { attacks: [makeAttack({ id: 9 })], totals: 1 };
    client.setQueryData<AttackListResponse>(other, untouched);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unmount = listen(client);
    dispatchRealtimeMessage({ type: "botUpdateCommandStatus", data: { command: { id: 2, dsbotId: 4, status: "sent" } } });
    dispatchRealtimeMessage({ type: "botUpdateAttackError", data: { command: { id: 1, dsbotId: 4, error: "Nicht genügend Einheiten." } } });
    // A status that is no attack status and a malformed message change nothing.
    dispatchRealtimeMessage({ type: "botUpdateCommandStatus", data: { command: { id: 1, dsbotId: 4, status: "kaputt" } } });
    dispatchRealtimeMessage({ type: "botUpdateCommandStatus", data: { command: { id: 1 } } });
    unmount();
    const rows = client.getQueryData<AttackListResponse>(key)?.attacks ?? [];
    expect(rows.map((a) => [a.id, a.status, a.error, a.dsbotId])).toEqual([
      [1, "planned", "Nicht genügend Einheiten.", 4],
      [2, "sent", null, 4],
    ]);
    expect(client.getQueryData(other)).toBe(untouched);
  });
});
