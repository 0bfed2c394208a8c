// The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly, and every
// statement runs synchronously on the thread that calls it; on the server's main thread a 500 ms
// statement held every request for 500 ms. Here it holds only this thread. The main thread talks
// the PostgreSQL wire protocol to it (pglite-thread.ts hands node-postgres a stream whose bytes
// arrive here): the startup handshake is answered here, everything else goes to PGlite as it is.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import type { FromThread, PgliteThreadOptions, ToThread } from "./pglite-thread-protocol.js";

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = "X".charCodeAt(0);

const port = parentPort;
if (!port) throw new Error("pglite-worker must run as a worker thread");
const options = workerData as PgliteThreadOptions;

function send(message: FromThread, transfer: ArrayBuffer[] = []) {
  port?.postMessage(message, transfer);
}

function backendMessage(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

const int32 = (...values: number[]) => {
  const out = new Uint8Array(4 * values.length);
  values.forEach((value, i) => new DataView(out.buffer).setInt32(4 * i, value));
  return out;
};

/** What a PostgreSQL server answers to a startup message with trust authentication. */
function greeting(): Uint8Array {
  const parameters: [string, string][] = [
    ["server_version", "17.5"],
    ["server_encoding", "UTF8"],
    ["client_encoding", "UTF8"],
    ["DateStyle", "ISO, MDY"],
    ["integer_datetimes", "on"],
    ["standard_conforming_strings", "on"],
  ];
  const encoder = new TextEncoder();
  return concat([
    backendMessage("R", int32(0)),
    ...parameters.map(([name, value]) => backendMessage("S", encoder.encode(`${name}\0${value}\0`))),
    backendMessage("K", int32(process.pid, 0)),
    backendMessage("Z", encoder.encode("I")),
  ]);
}

/** One fresh buffer (never a view on PGlite's memory or Node's buffer pool: it is handed over). */
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The SQL of the first Query or Parse message among `messages` (for the slow-statement report). */
function statementText(messages: Uint8Array[]): string {
  const decoder = new TextDecoder();
  for (const message of messages) {
    const type = String.fromCharCode(message[0] ?? 0);
    if (type !== "Q" && type !== "P") continue;
    let body = message.subarray(5);
    if (type === "P") body = body.subarray(body.indexOf(0) + 1); // the statement's name comes first
    const end = body.indexOf(0);
    return decoder.decode(body.subarray(0, end < 0 ? Math.min(body.length, 500) : Math.min(end, 500)));
  }
  return "";
}

/** The one connection PGlite serves: its id, the bytes not yet forming a whole message, its phase. */
interface Connection {
  id: number;
  pending: Uint8Array;
  startup: boolean;
}

let connection: Connection | null = null;
let queue: Promise<void> = Promise.resolve();

async function main() {
  const db = await PGlite.create(options.dataDir ?? undefined, options.loadDataDir ? { loadDataDir: new Blob([readFileSync(options.loadDataDir)]) } : {});

  /**
   * A connection ends: as PostgreSQL ends its session, an open transaction it left is rolled back and
   * the session's state goes (prepared statements, settings, temporary tables) — the next connection
   * is a new node-postgres client, which knows none of it and would prepare its statements again.
   */
  const release = async () => {
    connection = null;
    if (db.isInTransaction()) await db.exec("rollback");
    await db.exec("discard all");
  };

  /**
   * Dumps asked for, by id. PGlite's dumpDataDir holds its query mutex, but a node-postgres
   * transaction spans several batches: a dump waits until no transaction is open (checked after every
   * message), while the batches keep coming, so the transaction can end. A checkpoint first writes every
   * commit into the data files: the restored copy starts without replaying the WAL.
   */
  const dumps: number[] = [];
  const runDumps = async () => {
    while (dumps.length > 0 && !db.isInTransaction()) {
      const id = dumps.shift() as number;
      try {
        await db.exec("checkpoint");
        const bytes = new Uint8Array(await (await db.dumpDataDir("gzip")).arrayBuffer());
        send({ type: "dumped", id, bytes }, [bytes.buffer]);
      } catch (error) {
        send({ type: "dumpFailed", id, message: error instanceof Error ? error.message : String(error) });
      }
    }
  };

  const receive = async (id: number, bytes: Uint8Array) => {
    if (!connection || connection.id !== id) return; // a connection that has ended
    let buffer = connection.pending.length > 0 ? concat([connection.pending, bytes]) : bytes;
    const answers: Uint8Array[] = [];
    const forPglite: Uint8Array[] = [];
    const view = () => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    for (;;) {
      if (connection.startup) {
        if (buffer.length < 8) break;
        const length = view().getInt32(0);
        if (buffer.length < length) break;
        const code = view().getInt32(4);
        buffer = buffer.subarray(length);
        if (code === SSL_REQUEST) answers.push(new TextEncoder().encode("N"));
        else if (code !== CANCEL_REQUEST) {
          connection.startup = false;
          answers.push(greeting());
        }
        continue;
      }
      if (buffer.length < 5) break;
      const length = 1 + view().getInt32(1);
      if (buffer.length < length) break;
      const message = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      if (message[0] === TERMINATE) {
        await release();
        return;
      }
      forPglite.push(message);
    }
    connection.pending = buffer.slice();
    // Several messages at once (node-postgres writes Parse … Sync together): PGlite runs them in order.
    if (forPglite.length > 0) {
      const started = performance.now();
      answers.push(await db.execProtocolRaw(concat(forPglite)));
      const ms = performance.now() - started;
      if (ms > options.slowMs) send({ type: "slow", ms: Math.round(ms), statement: statementText(forPglite) });
    }
    const reply = concat(answers);
    if (reply.length > 0) send({ type: "data", id, bytes: reply }, [reply.buffer as ArrayBuffer]);
  };

  const handle = async (message: ToThread) => {
    switch (message.type) {
      case "connect":
        if (connection) await release();
        connection = { id: message.id, pending: new Uint8Array(0), startup: true };
        return;
      case "data":
        return receive(message.id, message.bytes);
      case "end":
        if (connection?.id === message.id) await release();
        return;
      case "dump":
        dumps.push(message.id);
        return;
      case "close":
        for (const id of dumps.splice(0)) send({ type: "dumpFailed", id, message: "Die eingebettete Datenbank wird geschlossen." });
        await db.close();
        send({ type: "closed" });
        port?.close();
        return;
    }
  };

  port?.on("message", (message: ToThread) => {
    queue = queue.then(() => handle(message)).then(runDumps).catch((error: unknown) => {
      // PGlite itself failed (its WebAssembly stopped): nothing here can continue.
      send({ type: "fatal", message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    });
  });
  send({ type: "ready" });
}

main().catch((error: unknown) => {
  send({ type: "fatal", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
