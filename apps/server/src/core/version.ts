// The server version shown to the SPA; esbuild inlines the JSON, tsx/vitest read it directly.
import pkg from "../../package.json" with { type: "json" };

export const serverVersion: string = pkg.version;
