// `npm run dev`: the server with reload (tsx watch) and the Vite dev server with its proxy.
import { run } from "./lib.mjs";

const env = {
  ...process.env,
  DSBOT_DEMO: process.env.DSBOT_DEMO ?? "1",
  DSBOT_ALLOWED_ORIGINS: process.env.DSBOT_ALLOWED_ORIGINS ?? "http://localhost:5173,http://127.0.0.1:5173",
};
const codes = await Promise.all([
  run("npm", ["run", "dev", "-w", "@dsbot/server"], { env }),
  run("npm", ["run", "dev", "-w", "@dsbot/web"], { env }),
]);
process.exit(Math.max(...codes));
