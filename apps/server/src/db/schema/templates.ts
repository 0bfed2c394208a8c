// Account manager: the builder templates a user keeps — ordered steps "raise building to
// level", as TWB's builder text writes them. Each belongs to one user; names are unique per user
// without regard to case (module forms pick a template by name).
import type { BuilderStep } from "@dsbot/protocol";
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";
import { users } from "./users.js";

export const builderTemplates = pgTable(
  "builder_templates",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `usernameKey(name)`: one name per user whatever its case. */
    nameKey: text("name_key").notNull(),
    steps: jsonb("steps").$type<BuilderStep[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("builder_templates_user_name_idx").on(t.userId, t.nameKey)],
);
export type BuilderTemplateRow = typeof builderTemplates.$inferSelect;
