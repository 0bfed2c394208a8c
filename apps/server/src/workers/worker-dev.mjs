// The worker's entry when the server runs from its TypeScript source (tests, `npm run dev`): loads
// worker-main.ts through tsx. The build runs dist/worker.js instead.
import { tsImport } from "tsx/esm/api";

await tsImport("./worker-main.ts", import.meta.url);
