// Vite build + dev proxy to the API server, and the "web" vitest project (jsdom).
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./vite-precompress.ts";

const apiTarget = process.env.DSBOT_API_TARGET ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // react-router's package exports only its development build (dev warnings on); its production twin differs in that flag alone.
      { find: /^react-router$/, replacement: fileURLToPath(new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/socket.io": { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the libraries in the browser cache.
        // Mantine and the other libraries go there only as far as the first page needs them (`$initial`:
        // the entry's static imports); the rest (tables, forms, socket.io, …) is split with the lazy
        // routes that use it. Keep Mantine components out of app/theme.ts (`Menu.extend` would make Menu
        // and its popover machinery part of every page).
        codeSplitting: {
          // Every script is a request (a round trip in the waterfall, ~450 bytes of headers).
          // A shared chunk the lazy routes would split off below this size (source bytes before
          // minifying) is copied into its importers instead: /dashboard loads 22 scripts, not 84,
          // /login 8, not 26. Above 20,000 the copies cost more bytes than the requests save.
          experimentalInlineCommonChunks: { maxSize: 20_000 },
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // sonner loads with the first alert (lib/sonner-loader.ts), never with the first page.
            { name: "sonner", test: /node_modules[\\/]sonner[\\/]/ },
            { name: "mantine", test: /node_modules[\\/]@mantine[\\/]/, tags: ["$initial"] },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"] },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "vite-precompress.test.ts"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
    // A budget for tests that type and click through whole pages: they wait on what the page shows, so
    // a loaded machine (CI's other suites beside them) only makes them slower, never wrong.
    testTimeout: 60_000,
  },
});
