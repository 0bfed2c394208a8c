// `npm start`: build what is missing, then serve API, realtime and SPA on one port with demo data.
import { spawn } from "node:child_process";
import { buildMissing, root } from "./lib.mjs";

await buildMissing();

const env = { ...process.env, DSBOT_DEMO: process.env.DSBOT_DEMO ?? "1" };
const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
