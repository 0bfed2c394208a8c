// Unit and integration tests of every workspace; e2e specs run under Playwright instead.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default is one worker less than the cores (one on a 2-core
    // machine), but most files spend their time waiting on sockets, timers and the database's own
    // thread, so a second file fits beside the first (docs/ARCHITECTURE.md, "Tests and CI", has the
    // wall times). `--maxWorkers=1` on the command line still runs them one by one.
    maxWorkers: 2,
    // The server and runner files share their worker's module graph (isolate: false): each file builds
    // its own app on its own database and closes it, and the code keeps no state per process that a
    // second app could see (caches are keyed by the database handle). Importing the server anew for
    // every file cost 136 s of the server project's 390 s; shared, 14 s of 284 s.
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
          isolate: false,
        },
      },
      {
        test: {
          name: "runner",
          root: "apps/runner",
          include: ["src/**/*.test.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
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
