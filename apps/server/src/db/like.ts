// LIKE/ILIKE patterns from user input: `%`, `_` and `\` typed by a user are literal characters, not
// wildcards (PostgreSQL's default escape character is the backslash, on PGlite and PostgreSQL alike).

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches anything containing `value`. */
export const likeContains = (value: string): string => `%${escapeLike(value)}%`;

/** Matches anything starting with `value`. */
export const likePrefix = (value: string): string => `${escapeLike(value)}%`;
