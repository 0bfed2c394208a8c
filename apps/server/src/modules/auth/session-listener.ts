// On PostgreSQL, one dedicated connection per instance LISTENs for session changes from every
// instance (session-changes.ts). Notifications sent while it is not listening are lost, so: nothing
// is trusted from the moment the connection drops, and each (re)connect starts from an empty cache.
// A dropped connection is retried with exponential backoff (250 ms doubling up to 10 s, jittered).
import type pg from "pg";
import type { SessionChange } from "./session-changes.js";
import { decodeSessionChange, SESSION_CHANNEL } from "./session-changes.js";

export interface SessionListenerOptions {
  /** A fresh, not yet connected client for the dedicated connection. */
  connect: () => pg.Client;
  onChange: (change: SessionChange) => void;
  /** Listening (again): changes may have been missed before, so forget everything and trust again. */
  onListening: () => void;
  /** Not listening any more: trust nothing until `onListening`. */
  onLost: () => void;
  log: { warn: (details: object, message: string) => void };
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface SessionListener {
  readonly listening: boolean;
  /** The backend process of the listening connection (tests end it with pg_terminate_backend). */
  readonly pid: number | null;
  /** Resolves once listening; at once when already listening. */
  whenListening: () => Promise<void>;
  /**
   * A barrier: resolves when every change committed before the call has been applied. PostgreSQL
   * signals listeners before it acknowledges a commit and sends pending notifications before it
   * answers the next command, so one round trip on the listening connection is enough.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
}

export function startSessionListener(options: SessionListenerOptions): SessionListener {
  const minDelay = options.minDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 10_000;
  let client: pg.Client | null = null;
  let listening = false;
  let pid: number | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];

  const scheduleRetry = () => {
    if (closed || retry) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** failures) * (0.75 + Math.random() / 2);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  const connect = async () => {
    if (closed) return;
    let current: pg.Client;
    try {
      current = options.connect();
    } catch (error) {
      options.log.warn({ err: error }, "session listener: no client, session cache off");
      scheduleRetry();
      return;
    }
    client = current;
    let gone = false;
    const lose = (error?: Error) => {
      if (gone) return;
      gone = true;
      listening = false;
      pid = null;
      options.onLost();
      if (client === current) client = null;
      current.removeAllListeners("notification");
      current.end().catch(() => {});
      if (!closed) {
        options.log.warn({ err: error }, "session listener: connection lost, session cache off until it is back");
        scheduleRetry();
      }
    };
    current.on("error", lose);
    current.on("end", () => lose());
    current.on("notification", (message) => {
      if (message.channel === SESSION_CHANNEL) options.onChange(decodeSessionChange(message.payload));
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${SESSION_CHANNEL}`);
      const { rows } = await current.query<{ pid: number }>("select pg_backend_pid() as pid");
      if (gone || closed) return;
      pid = rows[0]?.pid ?? null;
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    failures = 0;
    listening = true;
    options.onListening();
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  void connect();

  return {
    get listening() {
      return listening;
    },
    get pid() {
      return pid;
    },
    whenListening: () => (listening ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    sync: async () => {
      const current = client;
      // Not listening: the cache trusts nothing, so there is nothing to catch up with.
      if (!listening || !current) return;
      await current.query("select 1").catch(() => {});
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    },
  };
}
