// Serves the built SPA with history fallback: unknown non-API GETs get index.html, the router takes over.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendRouteNotFound } from "./error-handler.js";

const isApiPath = (url: string) => /^\/(api|socket\.io)(\/|$)/.test(url);
/** Paths ending in a file extension are asset requests: a missing asset is a 404, not the app. */
const looksLikeFile = (url: string) => /\/[^/]+\.[a-z0-9]+$/i.test(url);

export async function registerWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const available = existsSync(path.join(webDir, "index.html"));
  if (available) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      cacheControl: false,
      // Vite's hashed assets never change; everything else (index.html) must be revalidated.
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
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
