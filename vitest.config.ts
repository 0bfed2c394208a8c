// Unit and integration tests of every workspace; e2e specs run under Playwright instead.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
