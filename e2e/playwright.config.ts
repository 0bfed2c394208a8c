// e2e: the real built server (fresh embedded database) driven through Debian's Chromium.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_PORT, users } from "./users";

// Debian's Chromium in its headless shell (package chromium-headless-shell, which .ci/run installs): the
// browser Playwright itself runs headless. The full browser in its new headless mode (Chromium 156)
// costs about a third more CPU per test on 2 cores, enough to push pages past the expect timeouts.
// E2E_CHROMIUM picks another binary, e.g. /usr/bin/chromium.
const chromiumPath = process.env.E2E_CHROMIUM ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

// Specs that spend most of their time waiting on the game's clock (an attack falls due a minute before
// it is sent, a tab request expires, a sandbox train lands): 318 of the suite's 670 test-seconds, with the
// CPU mostly idle. They run one at a time from the first second, beside the rest, instead of meeting
// each other at the end with both workers waiting. Two browsers at once, not three: with three beside
// the server and the runner on two cores, CI runs took up to 19 minutes for the suite and missed
// transient states (a toast's 5 s, a bar's width transition).
const waitingOnTheClock = ["attack-execution.spec.ts", "tab-requests-expire.spec.ts", "war-room.spec.ts", "tribe-defence.spec.ts"];
export const chromium = { browserName: "chromium" as const, viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: "./specs",
  // Needs PostgreSQL and nginx: playwright.multi.config.ts, run by .ci/run's PostgreSQL stage.
  testIgnore: ["multi-instance.spec.ts"],
  // Generous bounds: every wait is on visible state or an answer, so a bound only matters when a test
  // fails; on 2 cores with two workers, Chromium 156 needed more than 10 s for a page now and then.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  // The clock-bound project comes first, so its single worker starts on it at once.
  projects: [
    { name: "clock", testMatch: waitingOnTheClock, workers: 1, use: chromium },
    { name: "chromium", testIgnore: ["multi-instance.spec.ts", ...waitingOnTheClock], use: chromium },
  ],
  webServer: {
    command: "node server.mjs",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DSBOT_ADMIN_USERNAME: users.admin.username,
      DSBOT_ADMIN_PASSWORD: users.admin.password,
      DSBOT_DEMO: "1",
      DSBOT_DEMO_PASSWORD: users.demo.password,
      // Never reach the game's servers from a test: worlds come in through the import only.
      DSBOT_WORLD_SYNC: "0",
      // Alerts go to receivers the specs start on this machine.
      DSBOT_ALLOW_PRIVATE_TARGETS: "1",
      LOG_LEVEL: "warn",
    },
  },
});
