// A test app with the demo on (the demo user), a small demo world (3,000 villages of the demo's
// layout) and the demo bots: what the demo's own writers (attack plan, notifications, tribe) need.
import { DEMO_WORLD, demoGameWorld } from "@dsbot/protocol";
import { afterAll, beforeAll } from "vitest";
import { ensureDemoWorld } from "../src/demo/demo-world.js";
import { prepareDemoRunner } from "../src/demo/demo-setup.js";
import { DEMO_USERNAME } from "../src/modules/bootstrap/bootstrap.js";
import { createTestApp, tempDir, type TestApp } from "./test-app.js";

/** Opens it before the file's tests and disposes of it after them; read `current()` inside a test. */
export function useDemoApp(prefix: string): { current: () => TestApp } {
  let app: TestApp | undefined;
  const data = tempDir(prefix);
  beforeAll(async () => {
    app = await createTestApp({ demo: true });
    await ensureDemoWorld(app.db, data.dir, { world: demoGameWorld, generator: { ...DEMO_WORLD, villages: 3000 } });
    await prepareDemoRunner(app.db, DEMO_USERNAME);
  });
  afterAll(async () => {
    await app?.dispose();
    data.remove();
  });
  return {
    current: () => {
      if (!app) throw new Error("the demo app is not open yet");
      return app;
    },
  };
}
