// Column helpers shared by the schema files: timestamps with time zone, read as Date.
import { timestamp } from "drizzle-orm/pg-core";

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
