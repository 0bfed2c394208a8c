// Where a world's public files come from (DSBOT_WORLD_SOURCE, default `https://{world}.{server}`) and
// how one is fetched: conditionally (ETag / Last-Modified of the last good answer), within a time
// limit and a size limit, every failure a German message naming the file.
import type { World, WorldImportFile } from "@dsbot/protocol";
import { WORLD_IMPORT_MAX_FILE_BYTES, worldMessages } from "@dsbot/protocol";

export interface WorldSourceFile {
  /** The name the importer knows the file by. */
  name: WorldImportFile;
  /** Path and query on the world's host. */
  path: string;
  /** How messages name it. */
  label: string;
}

/** The game's files of one world, as the game serves them. */
export const worldSourceFiles: readonly WorldSourceFile[] = [
  { name: "village.txt", path: "/map/village.txt.gz", label: "village.txt.gz" },
  { name: "player.txt", path: "/map/player.txt.gz", label: "player.txt.gz" },
  { name: "ally.txt", path: "/map/ally.txt.gz", label: "ally.txt.gz" },
  { name: "get_config.xml", path: "/interface.php?func=get_config", label: "get_config" },
  { name: "get_unit_info.xml", path: "/interface.php?func=get_unit_info", label: "get_unit_info" },
];

/** The address of one file: `{world}` and `{server}` of the template filled in, then the file's path. */
export function worldSourceUrl(template: string, world: World, path: string): string {
  const base = template.replaceAll("{world}", encodeURIComponent(world.world)).replaceAll("{server}", encodeURIComponent(world.server));
  return `${base.replace(/\/+$/, "")}${path}`;
}

/** What the server said about the answer, sent back on the next request. */
export interface SourceValidators {
  etag?: string;
  lastModified?: string;
}

export type FetchedFile = { modified: true; bytes: Buffer; validators: SourceValidators } | { modified: false };

/** A fetch that failed; `message` is German and names the file. */
export class WorldSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorldSourceError";
  }
}

export interface FetchOptions {
  /** Per file, answer body included. */
  timeoutMs: number;
  /** Aborts every fetch (the server is closing). */
  signal?: AbortSignal;
  maxBytes?: number;
}

function fetchFailure(error: unknown, label: string, options: FetchOptions): WorldSourceError {
  if (error instanceof WorldSourceError) return error;
  if (options.signal?.aborted) return new WorldSourceError(worldMessages.syncAborted);
  const { name, message, cause } = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (name === "TimeoutError") return new WorldSourceError(worldMessages.syncTimeout(label, Math.ceil(options.timeoutMs / 1000)));
  return new WorldSourceError(worldMessages.syncUnreachable(label, cause?.code ?? cause?.message ?? message ?? String(error)));
}

async function readLimited(response: Response, label: string, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new WorldSourceError(worldMessages.syncTooLarge(label));
  const chunks: Buffer[] = [];
  let total = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new WorldSourceError(worldMessages.syncTooLarge(label));
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

function parseUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** Redirects followed per file, all on the world's own host and port. */
export const MAX_SOURCE_REDIRECTS = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches `url`, following redirects only on the same host and port (and scheme): whoever serves a
 * world's files must not send the server on to other hosts or ports (an intranet address, say).
 */
async function fetchOnOwnHost(url: string, init: RequestInit & { signal: AbortSignal }, label: string): Promise<Response> {
  let current = new URL(url);
  for (let hops = 0; ; hops++) {
    const response = await fetch(current, { ...init, redirect: "manual" });
    if (!redirectStatuses.has(response.status)) return response;
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    const next = location === null ? undefined : parseUrl(location, current);
    if (!next || next.origin !== current.origin) throw new WorldSourceError(worldMessages.syncRedirectElsewhere(label, next?.host ?? "?"));
    if (hops >= MAX_SOURCE_REDIRECTS) throw new WorldSourceError(worldMessages.syncTooManyRedirects(label));
    current = next;
  }
}

/**
 * One file of the world. With validators the request is conditional: 304 answers `{ modified: false }`
 * (the stored data is still current). Any other answer but 200 is an error.
 */
export async function fetchWorldFile(url: string, label: string, validators: SourceValidators | undefined, options: FetchOptions): Promise<FetchedFile> {
  const headers: Record<string, string> = { accept: "*/*", "user-agent": "dsbot-world-sync" };
  if (validators?.etag) headers["if-none-match"] = validators.etag;
  if (validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetchOnOwnHost(url, { headers, signal }, label);
    if (response.status === 304) {
      await response.body?.cancel().catch(() => {});
      return { modified: false };
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {});
      throw new WorldSourceError(worldMessages.syncHttpStatus(label, response.status));
    }
    const bytes = await readLimited(response, label, options.maxBytes ?? WORLD_IMPORT_MAX_FILE_BYTES);
    const etag = response.headers.get("etag") ?? undefined;
    const lastModified = response.headers.get("last-modified") ?? undefined;
    return { modified: true, bytes, validators: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) } };
  } catch (error) {
    throw fetchFailure(error, label, options);
  }
}
