import type { SearchResponse } from "@dsbot/protocol";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/test/fetch-mock";
import { SEARCH_DELAY } from "./search-api";
import { useGlobalSearch } from "./use-global-search";

const answer: SearchResponse = {
  dsbots: [{ id: 7, status: "online", dsPlayer: { name: "Kalle" }, world: { server: "die-staemme.de", world: "de230" } }],
  attackPlans: [],
  downloads: [],
};

/** fetch that never answers on its own: tests resolve it or watch it being aborted. */
function pendingFetch() {
  const calls: { body: unknown; signal: AbortSignal; resolve: (r: Response) => void }[] = [];
  const fn = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal as AbortSignal;
        signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        calls.push({ body: JSON.parse(String(init?.body)), signal, resolve });
      }),
  );
  vi.stubGlobal("fetch", fn);
  return { fn, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderSearch(initial = "") {
  return renderHook(({ query, enabled }) => useGlobalSearch(query, enabled), { initialProps: { query: initial, enabled: true } });
}

describe("useGlobalSearch", () => {
  it("sends one request a second after the last keystroke", async () => {
    const fetch = mockFetch({ "POST /api/search": () => json(200, answer) });
    const { result, rerender } = renderSearch();
    for (const query of ["k", "ka", "kal", "kall", "KALLE"]) {
      rerender({ query, enabled: true });
      await act(() => vi.advanceTimersByTimeAsync(400));
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY - 400));
    expect(fetch).toHaveBeenCalledTimes(1);
    const init = fetch.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ searchVal: "KALLE" });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(result.current).toEqual({ results: answer, loading: false, error: null });
  });

  it("aborts the earlier request when newer input arrives, and only the newest answer lands", async () => {
    const { fn, calls } = pendingFetch();
    const { result, rerender } = renderSearch("kal");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY));
    expect(fn).toHaveBeenCalledTimes(1);
    const first = calls[0]!;
    expect(first.signal.aborted).toBe(false);

    rerender({ query: "kalle", enabled: true });
    expect(first.signal.aborted).toBe(true);
    first.resolve(json(200, { dsbots: [], attackPlans: [], downloads: [] }));

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY));
    expect(fn).toHaveBeenCalledTimes(2);
    expect(calls[1]!.body).toEqual({ searchVal: "kalle" });
    await act(async () => calls[1]!.resolve(json(200, answer)));
    expect(result.current.results).toEqual(answer);
  });

  it("clears the results and sends nothing for blank input", async () => {
    const fetch = mockFetch({ "POST /api/search": () => json(200, answer) });
    const { result, rerender } = renderSearch("kalle");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY));
    expect(result.current.results).toEqual(answer);

    rerender({ query: "   ", enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY * 2));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ results: null, loading: false, error: null });
  });

  it("ignores whitespace-only changes and cancels everything when disabled", async () => {
    const { fn, calls } = pendingFetch();
    const { rerender } = renderSearch("kalle");
    await act(() => vi.advanceTimersByTimeAsync(500));
    rerender({ query: "kalle  ", enabled: true });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY - 500));
    expect(fn).toHaveBeenCalledTimes(1);

    rerender({ query: "kalle", enabled: false });
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it("shows the server's message when the search fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({ "POST /api/search": () => json(400, { error: { code: "validation", message: "Höchstens 100 Zeichen" } }) });
    const { result } = renderSearch("x");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY));
    expect(result.current).toEqual({ results: null, loading: false, error: "Höchstens 100 Zeichen" });
  });
});
