// The database thread's entry when the server runs from its TypeScript source (tests, `npm run dev`):
// loads pglite-worker.ts through tsx. The build runs dist/pglite-worker.js instead.
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-worker.ts", import.meta.url);
