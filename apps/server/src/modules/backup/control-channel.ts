// The running server's local control channel: a Unix domain socket in the data directory
// (`<DSBOT_DATA_DIR>/dsbot-control.sock`, mode 0600), through which `npm run backup` asks the process
// that owns the embedded database for a dump (PGlite is one process's database). It takes exactly one
// kind of request, one per connection: `{"type":"backup","path":"/absolute/file","force":false}` as one
// JSON line; the answer is one JSON line, `{"ok":true,"bytes":…}` or `{"ok":false,"message":"…"}`.
//
// Only the server's own user (and root) can connect: the socket is bound inside a fresh 0700 folder,
// set to 0600 and only then moved to its place, so it is never reachable with looser rights. Such a
// caller could write the file itself; the server writes nothing else, never over an existing file
// unless asked (`force`), and through a temporary file that is renamed when complete.
import { mkdtemp, lstat, rename, rm, chmod } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { BackupError } from "./backup-files.js";

export const CONTROL_SOCKET_NAME = "dsbot-control.sock";
export const controlSocketPath = (dataDir: string): string => path.join(dataDir, CONTROL_SOCKET_NAME);

const MAX_REQUEST_BYTES = 8 * 1024;
const MAX_ANSWER_BYTES = 64 * 1024;
/** A connection that sends no complete request within this time is closed. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A socket's path holds at most 108 bytes on Linux, 104 on macOS, with its terminating NUL. */
const MAX_SOCKET_PATH_BYTES = 103;

const requestSchema = z.strictObject({
  type: z.literal("backup"),
  path: z
    .string()
    .min(2)
    .max(4096)
    .refine((file) => path.isAbsolute(file) && !file.includes("\0"), "muss ein absoluter Pfad sein"),
  force: z.boolean().default(false),
});

export type ControlAnswer = { ok: true; bytes: number } | { ok: false; message: string };

export interface ControlChannel {
  /** The socket's path; undefined when the channel could not open (the reason is logged). */
  path: string | undefined;
  /** Stops taking requests, waits for a backup in flight and removes the socket. */
  close: () => Promise<void>;
}

export interface ControlChannelOptions {
  dataDir: string;
  /** Writes a backup to `target` (absolute), refusing an existing file unless `force`. */
  backup: (target: string, force: boolean) => Promise<{ bytes: number }>;
  log: FastifyBaseLogger;
}

const closed: ControlChannel = { path: undefined, close: async () => {} };

/** Opens the channel in the data directory; the caller holds the data directory's lock (db/client.ts). */
export async function openControlChannel(options: ControlChannelOptions): Promise<ControlChannel> {
  const socketPath = controlSocketPath(options.dataDir);
  const staging = await mkdtemp(path.join(options.dataDir, ".ctl-")).catch((error: NodeJS.ErrnoException) => error);
  if (staging instanceof Error) {
    options.log.warn({ err: staging, dataDir: options.dataDir }, "control socket not opened: the data directory is not writable");
    return closed;
  }
  const bound = path.join(staging, "s");
  if (Buffer.byteLength(bound) > MAX_SOCKET_PATH_BYTES || Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    await rm(staging, { recursive: true, force: true });
    options.log.warn({ socketPath }, "control socket not opened: the data directory's path is too long for a Unix socket; npm run backup then needs the server stopped");
    return closed;
  }
  const inFlight = new Set<Promise<unknown>>();
  const waiting = new Set<net.Socket>();
  const server = net.createServer((socket) => serve(socket, options, inFlight, waiting));
  server.maxConnections = 8;
  let inode: number | undefined;
  try {
    // A stale socket of a process that died; anything else under that name is not ours to remove.
    const old = await lstat(socketPath).catch(() => undefined);
    if (old && !old.isSocket()) throw new Error(`${socketPath} exists and is not a socket`);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(bound, () => {
        server.off("error", reject);
        resolve();
      });
    });
    await chmod(bound, 0o600);
    await rename(bound, socketPath);
    inode = (await lstat(socketPath)).ino;
  } catch (error) {
    server.close();
    options.log.warn({ err: error, socketPath }, "control socket not opened; npm run backup then needs the server stopped");
    return closed;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  options.log.debug({ socketPath }, "control socket open");
  return {
    path: socketPath,
    close: async () => {
      server.close();
      for (const socket of waiting) socket.destroy();
      await Promise.allSettled([...inFlight]);
      // Only our own socket: a later server on this folder may have put its own there.
      const current = await lstat(socketPath).catch(() => undefined);
      if (current?.ino === inode) await rm(socketPath, { force: true });
    },
  };
}

/** One connection: one request line, one answer line. `waiting` holds it until its request is complete. */
function serve(socket: net.Socket, options: ControlChannelOptions, inFlight: Set<Promise<unknown>>, waiting: Set<net.Socket>): void {
  waiting.add(socket);
  socket.on("close", () => waiting.delete(socket));
  socket.on("error", () => socket.destroy());
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.setEncoding("utf8");
  const reply = (answer: ControlAnswer) => socket.end(`${JSON.stringify(answer)}\n`);
  let buffered = "";
  const onData = (chunk: string) => {
    buffered += chunk;
    const newline = buffered.indexOf("\n");
    if (newline < 0 && buffered.length <= MAX_REQUEST_BYTES) return;
    socket.off("data", onData);
    socket.setTimeout(0);
    waiting.delete(socket);
    if (newline < 0 || newline > MAX_REQUEST_BYTES) return reply({ ok: false, message: "Die Anfrage ist zu groß." });
    const run = answer(buffered.slice(0, newline), options).then(reply);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };
  socket.on("data", onData);
}

async function answer(line: string, options: ControlChannelOptions): Promise<ControlAnswer> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  const request = requestSchema.safeParse(parsed);
  if (!request.success) {
    return { ok: false, message: 'Unbekannte Anfrage: erlaubt ist nur {"type":"backup","path":"<absoluter Pfad>","force":false}.' };
  }
  const { path: target, force } = request.data;
  try {
    const { bytes } = await options.backup(target, force);
    options.log.info({ file: target, bytes }, "backup written on request (control socket)");
    return { ok: true, bytes };
  } catch (error) {
    // A refusal (the file exists, its folder is missing) is the caller's to fix; anything else is ours.
    if (error instanceof BackupError) {
      options.log.warn({ file: target, reason: error.message }, "backup on request refused");
      return { ok: false, message: error.message };
    }
    options.log.error({ err: error, file: target }, "backup on request failed");
    return { ok: false, message: `Die Sicherung ist fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Asks the server running on `dataDir` for a backup to `target` (absolute). Answers undefined when no
 * server listens there (no socket, or a stale one), throws BackupError for the server's refusal.
 */
export async function requestBackup(dataDir: string, target: string, force: boolean): Promise<{ bytes: number } | undefined> {
  const socketPath = controlSocketPath(dataDir);
  const stat = await lstat(socketPath).catch(() => undefined);
  if (!stat) return undefined;
  if (!stat.isSocket()) throw new BackupError(`${socketPath} ist kein Socket des Servers; bitte prüfen und entfernen.`);
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) {
    throw new BackupError(`${socketPath} gehört einem anderen Benutzer (uid ${stat.uid}): die Sicherung als Benutzer des Servers starten.`);
  }
  const answer = await new Promise<ControlAnswer | undefined>((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ type: "backup", path: target, force })}\n`));
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_ANSWER_BYTES) socket.destroy(new Error("answer too long"));
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffered) as ControlAnswer);
      } catch {
        reject(new BackupError("Der Server hat unverständlich geantwortet."));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A socket left by a server that has ended: nobody listens.
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(undefined);
      else reject(new BackupError(`Der Server ist über ${socketPath} nicht erreichbar (${error.code ?? error.message}).`));
    });
  });
  if (!answer) return undefined;
  if (!answer.ok) throw new BackupError(answer.message);
  return { bytes: answer.bytes };
}
