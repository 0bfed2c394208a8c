// The pool socket.io's PostgreSQL adapter draws from. The adapter connects its LISTEN client in the
// background and, when closed while that connect is still under way, never releases the client: the
// pool's end() then waits forever (seen as a hanging shutdown in CI). This facade tracks what the
// adapter checks out, lets nothing new out once closing, and ends the pool whatever the adapter did.
//
// It also sends the adapter's NOTIFYs one statement at a time, and those that queued up behind one
// in flight together as the next: one round trip and one commit for many broadcasts when the load is
// high, and never two NOTIFYs racing on two connections (a broadcast reaches this instance's sockets
// once its NOTIFY answered: answers out of order would swap events). One NOTIFY PostgreSQL refuses
// fails its whole statement, which then sent none of the batch: the batch goes again one by one, so
// only that one is lost.
import type pg from "pg";

export interface AdapterPool {
  /** What the adapter is given (connect and query only). */
  pool: pg.Pool;
  /**
   * Calls back each time the adapter's LISTEN is in place: at start and after its connection came
   * back. The adapter announces itself to its peers as it is made, before it listens, so their answers
   * may go unheard; announcing again here lets it learn who else is there at once, not only by their
   * next heartbeat.
   */
  onListening: (callback: () => void) => void;
  close: () => Promise<void>;
}

/** The adapter's publish statement (`@socket.io/postgres-adapter`, util.js `publish`). */
export const NOTIFY_STATEMENT = "SELECT pg_notify($1, $2)";
/** At most this many NOTIFYs in one statement (each payload is at most NOTIFY_PAYLOAD_MAX_BYTES). */
export const NOTIFY_BATCH_MAX = 64;
/**
 * The adapter's `payloadThreshold`: a message longer than this goes through its attachments table with
 * a short NOTIFY. PostgreSQL refuses a payload of 8,000 bytes or more ("payload string too long",
 * NOTIFY_PAYLOAD_MAX_LENGTH in its async.c); the adapter's own default of 8,000 let exactly 8,000 through.
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_999;

interface PendingNotify {
  channel: string;
  payload: string;
  resolve: (result: pg.QueryResult) => void;
  reject: (error: unknown) => void;
}

const never = () => new Promise<never>(() => {});

/**
 * Sends queued NOTIFYs, one statement in flight at a time. PostgreSQL delivers a notification whose
 * channel and payload repeat within one transaction only once, so a batch ends before a repeat.
 */
export function notifyBatcher(run: (text: string, values: string[]) => Promise<pg.QueryResult>) {
  const queue: PendingNotify[] = [];
  let sending = false;
  const take = (): PendingNotify[] => {
    const batch: PendingNotify[] = [];
    const seen = new Set<string>();
    while (queue.length > 0 && batch.length < NOTIFY_BATCH_MAX) {
      const next = queue[0]!;
      const key = `${next.channel}\u0000${next.payload}`;
      if (seen.has(key)) break;
      seen.add(key);
      batch.push(queue.shift()!);
    }
    return batch;
  };
  const send = async () => {
    sending = true;
    while (queue.length > 0) {
      const batch = take();
      const text = `SELECT ${batch.map((_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`).join(", ")}`;
      try {
        const result = await run(text, batch.flatMap((n) => [n.channel, n.payload]));
        for (const n of batch) n.resolve(result);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        // The failed statement sent none of them: each again on its own, in order.
        for (const n of batch) {
          await run(NOTIFY_STATEMENT, [n.channel, n.payload]).then(n.resolve, n.reject);
        }
      }
    }
    sending = false;
  };
  return {
    notify: (channel: string, payload: string) =>
      new Promise<pg.QueryResult>((resolve, reject) => {
        queue.push({ channel, payload, resolve, reject });
        if (!sending) void send();
      }),
  };
}

export function adapterPool(pool: pg.Pool): AdapterPool {
  const checkedOut = new Set<pg.PoolClient>();
  const listening: (() => void)[] = [];
  let closed = false;
  const query = (...args: unknown[]) =>
    closed ? Promise.reject(new Error("realtime adapter pool closed")) : (pool.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
  const batcher = notifyBatcher((text, values) => query(text, values));
  const facade = {
    query: (...args: unknown[]) => {
      const [text, values] = args;
      if (text === NOTIFY_STATEMENT && Array.isArray(values) && typeof values[0] === "string" && typeof values[1] === "string") {
        return closed ? Promise.reject(new Error("realtime adapter pool closed")) : batcher.notify(values[0], values[1]);
      }
      return query(...args);
    },
    // After close a connect never answers: the adapter's reconnect loop stops there (a pending promise holds no timer).
    connect: async (): Promise<pg.PoolClient> => {
      if (closed) return never();
      const client = await pool.connect();
      if (closed) {
        client.release(true);
        return never();
      }
      checkedOut.add(client);
      // The adapter's one checked-out client is its LISTEN connection (it publishes through query).
      const run = client.query.bind(client) as (...a: unknown[]) => unknown;
      client.query = ((...a: unknown[]) => {
        const result = run(...a);
        if (typeof a[0] === "string" && a[0].startsWith("LISTEN ") && result instanceof Promise) {
          result.then(() => {
            if (!closed) for (const callback of listening) callback();
          }, () => {});
        }
        return result;
      }) as typeof client.query;
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
    onListening: (callback) => listening.push(callback),
    close: async () => {
      closed = true;
      for (const client of [...checkedOut]) client.release(true);
      await pool.end();
    },
  };
}
