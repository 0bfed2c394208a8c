// jsdom gaps Mantine and sonner rely on, plus jest-dom matchers and a clean DOM/storage per test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { clearToastLifetimes } from "../lib/toast-lifetime";

// Routes are lazy: the first render of a page loads its module, which takes over the library's 1 s
// default on a loaded machine (5 s was seen to fall short with other suites running beside). Every
// findBy/waitFor waits up to 10 s, still answering as soon as it can.
configure({ asyncUtilTimeout: 10_000 });

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
// Mantine's autosize Textarea listens for web fonts loading (document.fonts is missing in jsdom).
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

afterEach(() => {
  // A toast's countdown is a module-level timer: left running, it fires after the test file's
  // environment is gone (sonner's dismiss then calls a requestAnimationFrame that no longer exists).
  clearToastLifetimes();
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

// Failed fetches are logged by the query cache; many tests fail fetches on purpose, so
// those lines are dropped here (in beforeEach: tests restore their mocks). Every other
// console.error still reaches the output.
const consoleError = console.error.bind(console);
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (args[0] === "[query] failed") return;
    consoleError(...args);
  });
});
