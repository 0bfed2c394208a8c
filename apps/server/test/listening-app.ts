// One listening app per test file for tests with real sockets: made before the file's tests, its
// sockets closed after each test, disposed after all. Call at the top level of a test file.
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Config } from "../src/core/config.js";
import type { TestSocket } from "./bots.js";
import { listen } from "./bots.js";
import type { TestApp } from "./test-app.js";
import { createTestApp } from "./test-app.js";

/** `onReady` hands the app and its URL to the file; the answer collects the sockets to close. */
export function useListeningApp(onReady: (app: TestApp, url: string) => void, overrides: Partial<Config> = {}): TestSocket[] {
  const sockets: TestSocket[] = [];
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(overrides);
    onReady(app, await listen(app));
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.socket.disconnect();
  });
  afterAll(() => app?.dispose());
  return sockets;
}
