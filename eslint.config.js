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
  // A server module's front door is its index.ts: other modules, realtime/, demo/ and app.ts import
  // only that (tests may reach inside). Together with the layers of docs/ARCHITECTURE.md this keeps the
  // module graph free of circles.
  {
    files: ["apps/server/src/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...layoutPatterns("@dsbot/protocol"),
            { regex: "^\\.\\./[^./][^/]*/(?!index\\.js$)", message: "Ein anderes Server-Modul nur über seine index.ts importieren." },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/modules/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...layoutPatterns("@dsbot/protocol"),
            { regex: "(^|/)modules/[^/]+/(?!index\\.js$)", message: "Ein Server-Modul nur über seine index.ts importieren." },
          ],
        },
      ],
    },
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
  // Web features: another feature is reached only through its front door (features/<name>/index.ts). Its
  // pages (features/<name>/routes/…) are the exception: the router loads each lazily as a chunk of its own,
  // which a re-export in index.ts would pull into the first page. This block replaces the layout rule's
  // options for these files, so it repeats the layout patterns.
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/src/test/**", "apps/web/src/features/*/test-*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...layoutPatterns("@dsbot/protocol"),
            // `@/features/b/api/x`, `../features/b/api/x` (from app/, lib/, components/) and `../../b/api/x`
            // (from inside feature a). A relative path alone does not say where it leaves a feature, so the
            // last one names the features; a folder of the same name elsewhere is reached through `@/`.
            ...[
              "^(@/|\\./|(\\.\\./)+)features/[^/]+/",
              "^(\\.\\./)+(attack-plans|auth|bots|coords-filter|dashboard|downloads|dsbot-auth|incomings|map|notifications|player-skills|profile|scavenge|search|tab-requests|templates|troops|tribe|users|worlds)/",
            ].map((prefix) => ({
              regex: `${prefix}(?!index$|routes/).`,
              message: "Features: ein anderes Feature nur über seine index.ts importieren (nur Seiten aus routes/ direkt, lazy).",
            })),
          ],
        },
      ],
    },
  },
);
