import { decodeVillageMap, encodeVillageMap, type WorldOwnersResponse, type WorldSummary } from "@dsbot/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { adminUser, worldSummary } from "@/test/fixtures";
import { json, mockFetch } from "@/test/fetch-mock";
import { signIn } from "@/test/render-app";
import { buildWorldData, useCurrentWorld, useWorldData } from "./world-data";

const summary = (over: Partial<WorldSummary>): WorldSummary =>
  worldSummary({ id: 7, world: "de230", villages: 3, allies: 1, lastImportAt: "2025-01-01T00:00:00.000Z", ...over });

const villageBytes = encodeVillageMap([
  { id: 5, x: 500, y: 500, playerId: 101, points: 120, bonusId: 0 },
  { id: 9, x: 0, y: 999, playerId: 0, points: 30, bonusId: 2 },
  { id: 6, x: 501, y: 499, playerId: 102, points: 80, bonusId: 0 },
]);
const owners: WorldOwnersResponse = {
  dataVersion: 2,
  players: { ids: [101, 102], names: ["Śmiały Anna", "Bert"], allyIds: [11, 0], points: [120, 80] },
  allies: { ids: [11], names: ["Die Ersten"], tags: ["ERST"] },
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("world data", () => {
  it("looks villages up by coordinate and owners by name, tag or tribe name in any case", () => {
    const data = buildWorldData(summary({}), decodeVillageMap(villageBytes), owners);
    expect(data.players.get(101)).toEqual({ id: 101, name: "Śmiały Anna", allyId: 11, points: 120 });
    expect(data.playerByName(" śmiały anna ")).toMatchObject({ id: 101 });
    expect(data.playerByName("Śmiały")).toBeUndefined();
    expect(data.allyByTagOrName("erst")).toMatchObject({ id: 11 });
    expect(data.allyByTagOrName("die ersten")).toMatchObject({ id: 11 });
  });

  it("loads, decodes and indexes the user's world", async () => {
    signIn(adminUser);
    const fetch = mockFetch({
      "GET /api/worlds": () => json(200, { worlds: [summary({ id: 3, world: "de231" }), summary({})] }),
      "GET /api/worlds/7/villages": () => new Response(villageBytes.slice(), { status: 200, headers: { "content-type": "application/octet-stream" } }),
      "GET /api/worlds/7/owners": () => json(200, owners),
    });
    const { result } = renderHook(() => useWorldData(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const data = result.current.data!;
    expect(data.world.id).toBe(7);
    expect(data.villages.count).toBe(3);
    expect(data.indexAt(500, 500)).toBe(0);
    expect(data.indexAt(501, 499)).toBe(1);
    expect(data.indexAt(0, 999)).toBe(2);
    expect(data.indexAt(1, 1)).toBe(-1);
    expect(data.indexAt(1000, 0)).toBe(-1);
    const villageCall = fetch.mock.calls.find(([url]) => String(url).endsWith("/villages"));
    expect((villageCall?.[1]?.headers as Record<string, string>).authorization).toBe("Bearer test-token");
  });

  it("answers null for a world that is not known or has no data yet", async () => {
    signIn(adminUser);
    mockFetch({ "GET /api/worlds": () => json(200, { worlds: [summary({ dataVersion: 0 })] }) });
    const current = renderHook(() => useCurrentWorld(), { wrapper });
    await waitFor(() => expect(current.result.current.isSuccess).toBe(true));
    expect(current.result.current.data).toBeNull();
    const { result } = renderHook(() => useWorldData(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it("fails with the server's message when the map data cannot be loaded", async () => {
    signIn(adminUser);
    mockFetch({
      "GET /api/worlds": () => json(200, { worlds: [summary({})] }),
      "GET /api/worlds/7/villages": () => json(404, { error: { code: "not_found", message: "Die Welt wurde nicht gefunden." } }),
      "GET /api/worlds/7/owners": () => json(200, owners),
    });
    const { result } = renderHook(() => useWorldData(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe("Die Welt wurde nicht gefunden.");
  });
});
