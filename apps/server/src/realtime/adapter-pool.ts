// The pool socket.io's PostgreSQL adapter draws from. The adapter connects its LISTEN client in the
// background and, when closed while that connect is still under way, never releases the client: the
// pool's end() then waits forever (seen as a hanging shutdown in CI). This facade tracks what the
// adapter checks out, lets nothing new out once closing, and ends the pool whatever the adapter did.
import type pg from "pg";

export interface AdapterPool {
  /** What the adapter is given (connect and query only). */
  pool: pg.Pool;
  close: () => Promise<void>;
}

const never = () => new Promise<never>(() => {});

export function adapterPool(pool: pg.Pool): AdapterPool {
  const checkedOut = new Set<pg.PoolClient>();
  let closed = false;
  const facade = {
    query: (...args: Parameters<pg.Pool["query"]>) =>
      closed ? Promise.reject(new Error("realtime adapter pool closed")) : (pool.query as (...a: unknown[]) => Promise<unknown>)(...args),
    // After close a connect never answers: the adapter's reconnect loop stops there (a pending promise holds no timer).
    connect: async (): Promise<pg.PoolClient> => {
      if (closed) return never();
      const client = await pool.connect();
      if (closed) {
        client.release(true);
        return never();
      }
      checkedOut.add(client);
      const release = client.release.bind(client);
      client.release = (destroy?: boolean | Error) => {
        checkedOut.delete(client);
        release(destroy);
      };
      return client;
    },
  };
  return {
    pool: facade as unknown as pg.Pool,
    close: async () => {
      closed = true;
      for (const client of [...checkedOut]) client.release(true);
      await pool.end();
    },
  };
}
