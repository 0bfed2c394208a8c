import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCountdown, useNow } from "./clock";

afterEach(() => vi.useRealTimers());

describe("formatCountdown", () => {
  it("shows hours, minutes and seconds, days from 24 h on, and never below zero", () => {
    expect(formatCountdown(0)).toBe("0:00:00");
    expect(formatCountdown(-5_000)).toBe("0:00:00");
    expect(formatCountdown(61_999)).toBe("0:01:01");
    expect(formatCountdown(3_600_000 + 2 * 60_000 + 3_000)).toBe("1:02:03");
    expect(formatCountdown(86_400_000 + 3_000)).toBe("1T 00:00:03");
  });
});

describe("useNow", () => {
  it("shares one interval between all subscribers and stops it with the last", () => {
    vi.useFakeTimers();
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    const a = renderHook(() => useNow());
    const b = renderHook(() => useNow());
    const c = renderHook(() => useNow());
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    const before = a.result.current;
    act(() => vi.advanceTimersByTime(1000));
    expect(a.result.current).toBe(before + 1000);
    expect(b.result.current).toBe(a.result.current);
    const clearSpy = vi.spyOn(globalThis, "clearInterval");
    a.unmount();
    b.unmount();
    expect(clearSpy).not.toHaveBeenCalled();
    c.unmount();
    expect(clearSpy).toHaveBeenCalledTimes(1);
  });
});
