// Lint for every workspace: typescript-eslint recommended + React hooks rules for the web app.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** Our workspace packages except `allowed`, and relative paths into another workspace folder. */
function layoutPatterns(allowed) {
  const message = allowed
    ? `Layout: hier nur ${allowed} und Bibliotheken importieren (siehe docs/ARCHITECTURE.md).`
    : "Layout: das Protokoll importiert nichts aus anderen Workspaces (siehe docs/ARCHITECTURE.md).";
  return [
    { regex: allowed ? `^@dsbot/(?!${allowed.slice("@dsbot/".length)}$)` : "^@dsbot/", message },
    { regex: "^(\\.\\./)+(apps/|packages/)?(server|web|runner|userscript|sandbox|protocol|e2e|bench)(/|$)", message },
  ];
}

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/drizzle/**", "data/**", "**/test-results/**", "**/playwright-report/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Layout (docs/ARCHITECTURE.md): the server, the web app and the userscript import only packages/protocol of ours (and libraries);
  // the protocol imports nothing of ours. The runner and the sandbox reach the server only over the wire.
  {
    files: ["apps/server/**/*.{ts,tsx,js,mjs}", "apps/web/**/*.{ts,tsx,js,mjs}", "apps/userscript/**/*.{ts,js,mjs}"],
    rules: { "no-restricted-imports": ["error", { patterns: layoutPatterns("@dsbot/protocol") }] },
  },
  // Server modules say what happened (ctx.events); the browsers' messages and cut sockets are the
  // realtime layer's answer to those events (docs/ARCHITECTURE.md, "Domain events").
  {
    files: ["apps/server/src/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='sockets'][object.name='ctx']",
          message: "Module schneiden keine Sockets selbst: ein Domain-Event senden (ctx.events.emit).",
        },
        {
          selector: "MemberExpression[object.property.name='realtime'][property.name=/^(toUser|toUsers|toBotAudience)$/]",
          message: "Module schreiben keine Browser-Nachrichten selbst: ein Domain-Event senden (ctx.events.emit).",
        },
      ],
    },
  },
  {
    files: ["packages/protocol/**/*.{ts,tsx,js,mjs}"],
    rules: { "no-restricted-imports": ["error", { patterns: layoutPatterns() }] },
  },
  {
    files: ["apps/userscript/src/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
