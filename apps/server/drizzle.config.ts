// drizzle-kit: `npm run db:generate -w @dsbot/server` writes SQL migrations into ./drizzle (committed).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
