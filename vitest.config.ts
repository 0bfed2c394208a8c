// Unit and integration tests of every workspace; e2e specs run under Playwright instead.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default is one worker less than the cores (one on a 2-core
    // machine), but most files spend their time waiting on sockets, timers and the database's own
    // thread, so a second file fits beside the first (docs/ARCHITECTURE.md, "Tests and CI", has the
    // wall times). `--maxWorkers=1` on the command line still runs them one by one.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "protocol",
          root: "packages/protocol",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "sandbox",
          root: "packages/sandbox",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "runner",
          root: "apps/runner",
          include: ["src/**/*.test.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: "userscript",
          root: "apps/userscript",
          include: ["src/**/*.test.ts"],
        },
      },
      "apps/web/vite.config.ts",
    ],
  },
});
