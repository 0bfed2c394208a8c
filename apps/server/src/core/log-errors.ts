// How errors go into the log: type, message, stack and the database's error code, never the values of
// a request. A failed query's message carries its parameters (drizzle: "Failed query: …\nparams: …")
// and PostgreSQL's `detail` repeats row values ("Key (username_key)=(…)"), so both are cut here.

/** Fields of a driver error that name where it failed, not what was sent. */
const safeFields = ["code", "constraint", "table", "column", "routine", "severity", "statusCode", "status"] as const;

function withoutParams(text: string): string {
  const at = text.indexOf("\nparams:");
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown", stack: "" };
  const out: LoggedError = {
    type: error.constructor.name || error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ""),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of safeFields) {
    const value = record[field];
    if (typeof value === "string" || typeof value === "number") out[field] = value;
  }
  if (typeof record.query === "string") out.query = record.query;
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
