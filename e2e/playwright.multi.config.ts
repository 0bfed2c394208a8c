// The multi-instance e2e: two built server instances on one PostgreSQL database behind
// nginx with the repo's deploy/nginx.conf. The spec starts its own servers, so no webServer here;
// `.ci/run` runs it in its PostgreSQL stage (DATABASE_URL set), after installing nginx if missing.
import { defineConfig } from "@playwright/test";
import base, { chromium } from "./playwright.config";

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: ["multi-instance.spec.ts"],
  // One project: the main suite's split by the game's clock would bring its other specs in here.
  projects: [{ name: "chromium", use: chromium }],
  webServer: undefined,
  // Its own folder: it may run while the main suite cleans test-results.
  outputDir: "test-results-multi",
  use: { ...base.use, baseURL: undefined },
});
