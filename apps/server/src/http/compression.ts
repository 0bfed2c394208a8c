// Compresses JSON API answers of 1 KB and more with brotli or gzip, as the client's Accept-Encoding
// allows. Only `/api/` JSON: the web app's files come precompressed from disk (static-web.ts),
// downloads and other binary answers stay as their routes send them, socket.io never passes Fastify.
// (Not @fastify/compress: it compresses every type mime-db calls compressible, whatever one asks.)
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const jsonType = /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i;

export type ResponseEncoding = "br" | "gzip";

/**
 * The encoding to answer with: br or gzip, whichever the header rates higher (br on a tie), none
 * when neither is acceptable. `*` stands for every coding not named; `x-gzip` is gzip; `q=0` refuses.
 */
export function negotiateEncoding(header: string | undefined): ResponseEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [rawCoding = "", ...params] = part.split(";").map((piece) => piece.trim());
    const coding = rawCoding === "x-gzip" ? "gzip" : rawCoding;
    if (!coding) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (coding: ResponseEncoding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return undefined;
}

/** Adds `field` to the Vary header, keeping what is there (CORS's `Origin`). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const values = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === "*" || value.toLowerCase() === field.toLowerCase())) return;
  reply.header("vary", [...values, field].join(", "));
}

function compressible(url: string, reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (!url.startsWith("/api/")) return false;
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return false;
  if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) return false;
  if ([204, 206, 304].includes(reply.statusCode)) return false;
  const encoding = reply.getHeader("content-encoding");
  if (encoding !== undefined && encoding !== "identity") return false;
  return jsonType.test(String(reply.getHeader("content-type") ?? ""));
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!compressible(request.url, reply, payload)) return payload;
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const compressed =
      encoding === "br"
        ? await brotli(body, {
            params: {
              // Quality 4: most of the gain of 11 at a fraction of the CPU, per answer.
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzip(body);
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    addVary(reply, "Accept-Encoding");
    return compressed;
  });
}
