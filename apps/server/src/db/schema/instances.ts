// Several server instances on one PostgreSQL database: each running instance keeps a row
// with a heartbeat, so the others can tell when it died and drop the socket connections it held;
// socket.io's PostgreSQL adapter keeps payloads too big for NOTIFY in its attachments table.
import { bigserial, customType, pgTable, text } from "drizzle-orm/pg-core";
import { tz } from "./columns.js";

export const serverInstances = pgTable("server_instances", {
  /** Random per process start: a restarted instance is a new one. */
  id: text("id").primaryKey(),
  startedAt: tz("started_at").notNull().defaultNow(),
  heartbeatAt: tz("heartbeat_at").notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** The table `@socket.io/postgres-adapter` writes (its default name and columns); it deletes old rows itself. */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial("id", { mode: "number" }).unique(),
  createdAt: tz("created_at").defaultNow(),
  payload: bytea("payload"),
});
