// Messages between the server's main thread (pglite-thread.ts) and the database thread (pglite-worker.ts).

export interface PgliteThreadOptions {
  /** The data directory; none: in memory. */
  dataDir: string | null;
  /** A dumped data directory (a tar file's path) to start from: tests start from a migrated snapshot. */
  loadDataDir?: string;
  /** A batch of statements running longer than this (ms) is reported ("slow"). */
  slowMs: number;
}

/**
 * To the database thread: a connection starts, sends wire-protocol bytes, ends; a dump of the data
 * directory (a gzip tarball, taken while no transaction is open); the thread closes.
 */
export type ToThread =
  | { type: "connect"; id: number }
  | { type: "data"; id: number; bytes: Uint8Array }
  | { type: "end"; id: number }
  | { type: "dump"; id: number }
  | { type: "close" };

/** From the database thread: started, bytes for a connection, a dump or why it failed, closed, a slow statement, or failed for good. */
export type FromThread =
  | { type: "ready" }
  | { type: "data"; id: number; bytes: Uint8Array }
  | { type: "dumped"; id: number; bytes: Uint8Array }
  | { type: "dumpFailed"; id: number; message: string }
  | { type: "closed" }
  | { type: "slow"; ms: number; statement: string }
  | { type: "fatal"; message: string };
