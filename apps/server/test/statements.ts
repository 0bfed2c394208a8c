// Records the SQL statements an app sends to its database (PGlite or the PostgreSQL pool) while a test
// runs, with the rows each answered: for structural checks such as "a big write goes in chunks".
// Statements inside a transaction run on a pooled client on PostgreSQL and are not seen there.
import type { Database } from "../src/db/client.js";

export interface RecordedStatement {
  text: string;
  rows: number;
}

type Query = (query: string | { text: string }, ...rest: unknown[]) => Promise<{ rows?: unknown[] }>;

export function recordStatements(db: Database): { statements: RecordedStatement[]; stop: () => void } {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const statements: RecordedStatement[] = [];
  client.query = async (query, ...rest) => {
    const result = await original.call(client, query, ...rest);
    statements.push({ text: typeof query === "string" ? query : query.text, rows: result.rows?.length ?? 0 });
    return result;
  };
  return { statements, stop: () => void (client.query = original) };
}
