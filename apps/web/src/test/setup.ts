// jsdom gaps Mantine and sonner rely on, plus jest-dom matchers and a clean DOM/storage per test.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.setPointerCapture ??= function setPointerCapture() {};
Element.prototype.releasePointerCapture ??= function releasePointerCapture() {};
Element.prototype.hasPointerCapture ??= () => false;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// The realtime client is network: every test gets a fake socket.io-client (inspect it via vi.mocked(io)).
vi.mock("socket.io-client", () => {
  const io = vi.fn(() => {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    return {
      id: "fake-socket",
      listeners,
      on: vi.fn((event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener)),
      removeAllListeners: vi.fn(() => listeners.clear()),
      disconnect: vi.fn(),
    };
  });
  return { io };
});

// Failed fetches are logged by the query cache (spec §8); many tests fail fetches on purpose, so
// those lines are dropped here (in beforeEach: tests restore their mocks). Every other
// console.error still reaches the output.
const consoleError = console.error.bind(console);
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (args[0] === "[query] failed") return;
    consoleError(...args);
  });
});
