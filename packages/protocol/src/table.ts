// Table options (activePage, perPage, searchVal, sortBy) shared by every list call.
import { z } from "zod";
import { text } from "./validation.js";

/** Query string numbers arrive as text; coerce and bound them. */
export const activePageSchema = z.coerce.number().int().min(1).default(1);
export const perPageSchema = z.coerce.number().int().min(1).max(100).default(10);

/** `sortBy` is `field` (ascending) or `-field` (descending) over the allowed fields. */
export function sortBySchema<const T extends readonly [string, ...string[]]>(fields: T, fallback: T[number] | `-${T[number]}`) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.enum(values).default(fallback) as unknown as z.ZodDefault<z.ZodType<T[number] | `-${T[number]}`>>;
}

export function parseSort<T extends string>(sortBy: T | `-${T}`): { field: T; direction: "asc" | "desc" } {
  return sortBy.startsWith("-")
    ? { field: sortBy.slice(1) as T, direction: "desc" }
    : { field: sortBy as T, direction: "asc" };
}

export const listQueryBase = z.object({
  activePage: activePageSchema,
  perPage: perPageSchema,
  searchVal: text().trim().max(100).default(""),
});
