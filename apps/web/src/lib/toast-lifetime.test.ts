// The countdown store behind the toaster: per-toast remaining time, held and resumed as a whole.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearToastLifetimes, endToastLifetime, pauseToastLifetimes, startToastLifetime } from "./toast-lifetime";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  pauseToastLifetimes(false);
  for (const id of ["a", "b"]) endToastLifetime(id);
  vi.useRealTimers();
});

describe("toast lifetimes", () => {
  it("closes a toast after its time", () => {
    const close = vi.fn();
    startToastLifetime("a", 5000, close);
    vi.advanceTimersByTime(4999);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledOnce();
  });

  it("holds every countdown while paused and then runs only the rest", () => {
    const closeA = vi.fn();
    const closeB = vi.fn();
    startToastLifetime("a", 5000, closeA);
    vi.advanceTimersByTime(1000);
    startToastLifetime("b", 2000, closeB);
    vi.advanceTimersByTime(500);
    pauseToastLifetimes(true);
    vi.advanceTimersByTime(60_000);
    expect(closeA).not.toHaveBeenCalled();
    expect(closeB).not.toHaveBeenCalled();
    pauseToastLifetimes(false);
    vi.advanceTimersByTime(1499);
    expect(closeB).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(closeB).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1999);
    expect(closeA).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(closeA).toHaveBeenCalledOnce();
  });

  it("a toast started while paused waits for the resume", () => {
    const close = vi.fn();
    pauseToastLifetimes(true);
    startToastLifetime("a", 1000, close);
    vi.advanceTimersByTime(5000);
    expect(close).not.toHaveBeenCalled();
    pauseToastLifetimes(false);
    vi.advanceTimersByTime(1000);
    expect(close).toHaveBeenCalledOnce();
  });

  it("restarts the countdown of a replaced toast and forgets an ended one", () => {
    const first = vi.fn();
    const second = vi.fn();
    startToastLifetime("a", 1000, first);
    vi.advanceTimersByTime(800);
    startToastLifetime("a", 1000, second);
    vi.advanceTimersByTime(800);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    endToastLifetime("a");
    vi.advanceTimersByTime(5000);
    expect(second).not.toHaveBeenCalled();
  });

  it("never closes a toast without an end (Infinity)", () => {
    const close = vi.fn();
    startToastLifetime("a", Infinity, close);
    vi.advanceTimersByTime(1_000_000);
    expect(close).not.toHaveBeenCalled();
  });

  it("drops every countdown at once without closing, and a new one runs unpaused", () => {
    const closeA = vi.fn();
    const closeB = vi.fn();
    startToastLifetime("a", 1000, closeA);
    pauseToastLifetimes(true);
    clearToastLifetimes();
    vi.advanceTimersByTime(60_000);
    expect(closeA).not.toHaveBeenCalled();
    startToastLifetime("b", 1000, closeB);
    vi.advanceTimersByTime(1000);
    expect(closeB).toHaveBeenCalledOnce();
  });
});
