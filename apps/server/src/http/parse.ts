// Validate any request part with a protocol schema; failures become 400 with German messages.
import { toIssueList } from "@dsbot/protocol";
import { z } from "zod";
import { badRequest } from "./errors.js";

// zod's built-in messages (wrong type, unknown enum value …) in German; schema-specific texts win.
z.config(z.locales.de());

/** Largest id a PostgreSQL `serial` can hold: bigger ids cannot exist, so they are simply not found. */
export const MAX_SERIAL_ID = 2_147_483_647;

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssueList(result.error);
  const first = result.error.issues[0];
  // "expected object, received undefined" for a missing body says nothing useful to a user.
  const message = first && !(first.code === "invalid_type" && first.path.length === 0) ? first.message : undefined;
  throw badRequest(message, issues);
}
