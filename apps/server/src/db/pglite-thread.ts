// The main thread's side of the embedded database's thread (pglite-worker.ts): node-postgres gets a
// stream per connection (`stream` option of pg.Pool), and the stream's bytes travel to the thread
// and back. The main thread never runs a statement itself, so a long one holds no request.
//
// PGlite is one session: the pool must hold one connection, and a transaction's client keeps it
// until the transaction ends, exactly as PGlite's own mutex did. Should the thread die (its
// WebAssembly aborted), the open connections fail, and the next connection starts a new thread on
// the same data directory (PostgreSQL's crash recovery runs there).
import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";
import type { FromThread, PgliteThreadOptions, ToThread } from "./pglite-thread-protocol.js";

/** The thread's script: the bundle's dist/pglite-worker.js, or the TypeScript source through tsx. */
function workerEntry(): URL {
  return new URL(import.meta.url.endsWith(".ts") ? "./pglite-worker-dev.mjs" : "./pglite-worker.js", import.meta.url);
}

export class PgliteThreadError extends Error {
  readonly code = "ECONNRESET";
}

interface Running {
  worker: Worker;
  /** Settles once the thread has closed PGlite (or has died). */
  exited: Promise<void>;
}

export class PgliteThread {
  private running: Promise<Running> | null = null;
  /** The started thread, while it runs. */
  private worker: Worker | null = null;
  private readonly sockets = new Map<number, PgliteSocket>();
  private nextId = 1;
  private closed = false;
  /** Dumps asked of the thread, by id, until it answers. */
  private readonly dumps = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

  /** Told when the thread dies, and of statements slower than `slowMs`. */
  warn: (details: { reason: string } | { ms: number; statement: string }, message: string) => void = (details, message) =>
    process.emitWarning(`${message}: ${JSON.stringify(details)}`);

  private constructor(private readonly options: PgliteThreadOptions) {}

  /** Starts the thread and waits until PGlite is open (its error, e.g. a damaged data directory, rejects). */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    await thread.ensureRunning();
    return thread;
  }

  /** A new connection's stream, for node-postgres (`new pg.Pool({ stream: () => thread.socket() })`). */
  socket(): Duplex {
    return new PgliteSocket(this, this.nextId++);
  }

  /**
   * The data directory as PGlite's gzip tarball (`dumpDataDir`), taken on the thread between two
   * transactions, after a checkpoint (pglite-worker.ts): a consistent copy while the server runs.
   */
  async dump(): Promise<Uint8Array> {
    if (this.closed) throw new PgliteThreadError("Die eingebettete Datenbank ist geschlossen.");
    const running = await this.ensureRunning();
    // Ended meanwhile: its exit has already answered the dumps it knew of.
    if (this.worker !== running.worker) throw new PgliteThreadError("Die eingebettete Datenbank ist ausgefallen.");
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.dumps.set(id, { resolve, reject });
      this.post({ type: "dump", id });
    });
  }

  /** Closes PGlite (its files are complete afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const running = await this.running?.catch(() => null);
    if (!running) return;
    this.post({ type: "close" });
    await running.exited;
  }

  /** @internal A socket starts its connection. */
  async open(socket: PgliteSocket): Promise<void> {
    if (this.closed) throw new PgliteThreadError("Die eingebettete Datenbank ist geschlossen.");
    await this.ensureRunning();
    this.sockets.set(socket.id, socket);
    this.post({ type: "connect", id: socket.id });
  }

  /** @internal A socket has ended. */
  forget(socket: PgliteSocket): void {
    if (this.sockets.delete(socket.id)) this.post({ type: "end", id: socket.id });
  }

  /** @internal */
  post(message: ToThread, transfer: ArrayBuffer[] = []): void {
    this.worker?.postMessage(message, transfer);
  }

  private settleDump(message: Extract<FromThread, { type: "dumped" | "dumpFailed" }>): void {
    const dump = this.dumps.get(message.id);
    if (!dump) return;
    this.dumps.delete(message.id);
    if (message.type === "dumped") dump.resolve(message.bytes);
    else dump.reject(new Error(`Die Sicherung der eingebetteten Datenbank ist fehlgeschlagen: ${message.message}`));
  }

  private ensureRunning(): Promise<Running> {
    this.running ??= this.spawn();
    return this.running;
  }

  private spawn(): Promise<Running> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(workerEntry(), { workerData: this.options });
      let started = false;
      let failure = "";
      let exit!: () => void;
      const exited = new Promise<void>((done) => (exit = done));
      worker.on("message", (message: FromThread) => {
        if (message.type === "data") this.sockets.get(message.id)?.receive(message.bytes);
        else if (message.type === "dumped" || message.type === "dumpFailed") this.settleDump(message);
        else if (message.type === "ready") {
          started = true;
          this.worker = worker;
          resolve({ worker, exited });
        } else if (message.type === "fatal") failure = message.message;
        else if (message.type === "slow") this.warn({ ms: message.ms, statement: message.statement }, `embedded database busy for ${message.ms} ms with one statement`);
        else if (message.type === "closed") void worker.terminate();
      });
      worker.on("error", (error) => (failure ||= error.message));
      worker.on("exit", () => {
        exit();
        this.running = null;
        this.worker = null;
        const reason = failure || "der Datenbank-Thread wurde beendet";
        for (const dump of this.dumps.values()) dump.reject(new PgliteThreadError(`Die eingebettete Datenbank ist ausgefallen: ${reason}`));
        this.dumps.clear();
        if (!started) return reject(new Error(`Die eingebettete Datenbank konnte nicht starten: ${reason}`));
        if (this.closed) return;
        this.warn({ reason }, "embedded database thread died; the next query starts it again");
        for (const socket of this.sockets.values()) socket.destroy(new PgliteThreadError(`Die eingebettete Datenbank ist ausgefallen: ${reason}`));
        this.sockets.clear();
      });
    });
  }
}

/** One connection's byte stream; node-postgres treats it as its socket. */
class PgliteSocket extends Duplex {
  private outgoing: Uint8Array[] = [];
  private ended = false;

  constructor(
    private readonly thread: PgliteThread,
    readonly id: number,
  ) {
    super();
  }

  // The parts of net.Socket that node-postgres calls.
  connect(): this {
    this.thread.open(this).then(
      () => this.emit("connect"),
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  /** Bytes from PGlite for this connection. */
  receive(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {
    // Bytes are pushed as the thread answers.
  }

  // node-postgres writes a query's messages one by one in the same turn: they leave together.
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.outgoing.push(chunk) === 1) queueMicrotask(() => this.flush());
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    this.finish();
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.finish();
    callback(error);
  }

  private finish() {
    if (this.ended) return;
    this.ended = true;
    this.thread.forget(this);
  }

  private flush() {
    if (this.outgoing.length === 0 || this.ended) return;
    const parts = this.outgoing;
    this.outgoing = [];
    // A fresh buffer, handed over to the thread (pg's buffers may share Node's pool).
    const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    this.thread.post({ type: "data", id: this.id, bytes }, [bytes.buffer]);
  }
}
