import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_DEBOUNCE_MS, useDebounced, useDebouncedCallback } from "./debounce";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useDebounced", () => {
  it("waits the spec's default 100 ms after the last change", () => {
    expect(DEFAULT_DEBOUNCE_MS).toBe(100);
    const { result, rerender } = renderHook(({ value }) => useDebounced(value), { initialProps: { value: "a" } });
    expect(result.current).toBe("a");
    rerender({ value: "ab" });
    act(() => vi.advanceTimersByTime(60));
    rerender({ value: "abc" });
    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toBe("a");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("abc");
  });

  it("takes a delay of its own", () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: "" } });
    rerender({ value: "kal" });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("kal");
  });
});

describe("useDebouncedCallback", () => {
  it("runs once with the last arguments, 100 ms after the last call by default", () => {
    const fn = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(fn));
    result.current("k");
    act(() => vi.advanceTimersByTime(50));
    result.current("ka");
    act(() => vi.advanceTimersByTime(99));
    expect(fn).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith("ka");
  });

  it("drops a pending call on cancel and on unmount, and stays the same function across renders", () => {
    const fn = vi.fn();
    const { result, rerender, unmount } = renderHook(() => useDebouncedCallback(fn, 300));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    result.current("x");
    result.current.cancel();
    act(() => vi.advanceTimersByTime(300));
    expect(fn).not.toHaveBeenCalled();
    result.current("y");
    unmount();
    act(() => vi.advanceTimersByTime(300));
    expect(fn).not.toHaveBeenCalled();
  });
});
