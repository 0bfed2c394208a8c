// A stand-in for the game's world hosts: a local node:http server answering
// `/{server}/{world}/map/village.txt.gz` … `/interface.php?func=get_config` from files a test sets, with
// ETag and Last-Modified and 304 for a matching conditional request; it records every request.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

export interface SourceFile {
  body: Buffer | string;
  /** Default 200. */
  status?: number;
  /** Default: a hash of the body. */
  etag?: string;
  lastModified?: string;
  /** Never answer (a dead host). */
  hang?: boolean;
  /** More answer headers (e.g. `location` of a redirect). */
  headers?: Record<string, string>;
  /** Runs before the answer goes out (a test changes the database meanwhile). */
  before?: () => Promise<unknown>;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  status: number;
}

export interface WorldSourceServer {
  /** Value for DSBOT_WORLD_SOURCE. */
  template: string;
  requests: RecordedRequest[];
  /** Sets (or with undefined removes) the file at `/{server}/{world}{path}`. */
  set: (server: string, world: string, path: string, file: SourceFile | undefined) => void;
  /** The five files of a world from the plain texts (the .txt files are gzipped as the game does). */
  setWorld: (server: string, world: string, files: Partial<Record<WorldFileKey, string | Buffer>>) => void;
  close: () => Promise<void>;
}

export type WorldFileKey = "village.txt" | "player.txt" | "ally.txt" | "get_config.xml" | "get_unit_info.xml";

export const sourcePaths: Record<WorldFileKey, string> = {
  "village.txt": "/map/village.txt.gz",
  "player.txt": "/map/player.txt.gz",
  "ally.txt": "/map/ally.txt.gz",
  "get_config.xml": "/interface.php?func=get_config",
  "get_unit_info.xml": "/interface.php?func=get_unit_info",
};

const LAST_MODIFIED = new Date("2026-11-24T10:00:00Z").toUTCString();

export async function startWorldSourceServer(): Promise<WorldSourceServer> {
  const files = new Map<string, SourceFile>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    const file = files.get(path);
    if (file?.before) {
      const { before, ...rest } = file;
      void before().then(() => answer(request, response, path, rest));
      return;
    }
    answer(request, response, path, file);
  });

  function answer(request: IncomingMessage, response: ServerResponse, path: string, file: SourceFile | undefined) {
    const record = (status: number) => requests.push({ path, headers: request.headers, status });
    if (!file) {
      record(404);
      response.writeHead(404, { "content-type": "text/html" }).end("<html>Welt nicht gefunden</html>");
      return;
    }
    if (file.hang) {
      record(0);
      hanging.add(response);
      return;
    }
    const body = Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body);
    const etag = file.etag ?? `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"`;
    const lastModified = file.lastModified ?? LAST_MODIFIED;
    const status = file.status ?? 200;
    if (status === 200 && (request.headers["if-none-match"] === etag || (!request.headers["if-none-match"] && request.headers["if-modified-since"] === lastModified))) {
      record(304);
      response.writeHead(304, { etag, "last-modified": lastModified }).end();
      return;
    }
    record(status);
    const type = path.endsWith(".gz") ? "application/x-gzip" : "text/xml; charset=utf-8";
    const headers = status === 200 ? { "content-type": type, etag, "last-modified": lastModified } : { "content-type": "text/html" };
    response.writeHead(status, { ...headers, ...file.headers }).end(body);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const set: WorldSourceServer["set"] = (host, world, path, file) => {
    const key = `/${host}/${world}${path}`;
    if (file) files.set(key, file);
    else files.delete(key);
  };

  return {
    template: `http://127.0.0.1:${port}/{server}/{world}`,
    requests,
    set,
    setWorld: (host, world, texts) => {
      for (const [name, content] of Object.entries(texts) as [WorldFileKey, string | Buffer][]) {
        const body = name.endsWith(".txt") ? gzipSync(content) : Buffer.from(content);
        set(host, world, sourcePaths[name], { body });
      }
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
