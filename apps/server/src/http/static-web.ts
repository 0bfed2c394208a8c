// Serves the built SPA with history fallback: unknown non-API GETs get index.html, the router takes over.
// The build writes `.br` and `.gz` next to every compressible file (apps/web/vite-precompress.ts);
// `preCompressed` sends the one the client's Accept-Encoding prefers (br, then gzip), else the plain
// file, the SPA fallback included. Range requests get ranges of the file actually sent.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { addVary } from "./compression.js";
import { sendRouteNotFound } from "./error-handler.js";

/** Paths the server answers itself (the API, realtime, the Prometheus metrics): never the web app. */
const isApiPath = (url: string) => /^\/(api|socket\.io|metrics)(\/|$)/.test(url);
/** Paths ending in a file extension are asset requests: a missing asset is a 404, not the app. */
const looksLikeFile = (url: string) => /\/[^/]+\.[a-z0-9]+$/i.test(url);
/** Types the build precompresses: their answer depends on Accept-Encoding (fonts and images do not). */
const hasEncodedVariants = (contentType: string) =>
  /^(?:text\/(?:html|css|javascript|plain)|application\/(?:javascript|json|manifest\+json)|image\/svg\+xml)\b/i.test(contentType);

/** Security headers a browser applies to documents only (nosniff, CORP and the referrer policy stay). */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

export async function registerWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const available = existsSync(path.join(webDir, "index.html"));
  if (available) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // Vite's hashed assets never change; everything else (index.html) must be revalidated.
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    // Caches must keep the br, gzip and plain answers apart; @fastify/static does not say so. On the
    // reply, not the raw response: CORS's `Vary: Origin` would replace a raw header.
    app.addHook("onSend", async (request, reply) => {
      if (isApiPath(request.url)) return;
      if (hasEncodedVariants(String(reply.getHeader("content-type") ?? ""))) addVary(reply, "Accept-Encoding");
      // A hashed script, style or font is no document: the headers that only a document obeys would
      // add ~700 bytes to each of a page's script requests.
      if (String(reply.getHeader("cache-control") ?? "").includes("immutable")) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    });
  } else {
    app.log.warn({ webDir }, "web app not built: serving the API only (npm run build -w @dsbot/web)");
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (available && wantsPage && !isApiPath(url) && !looksLikeFile(url)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return sendRouteNotFound(reply);
  });
}
