// Security headers (strict CSP without inline scripts, no caching of API answers) and CORS limited to
// the configured origins.
import type { IncomingMessage } from "node:http";
import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

function originsOf(urls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // config.ts already validated these; ignore anything unparsable rather than break the CSP.
    }
  }
  return [...origins];
}

/** The websocket origin (ws: or wss:) of an http(s) origin. */
function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, "ws");
}

/** A Host header as browsers send it (name or address, optional port); anything else is left out of the CSP. */
const hostPattern = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * connect-src: this origin and the configured ones, over http(s) and their websockets; nothing else.
 * The own origin's websocket is named from the Host the browser used (behind a trusted proxy the
 * forwarded one), since "'self'" does not cover ws: in every browser.
 */
function connectSources(extraOrigins: string[], trustProxy: boolean) {
  const fixed = ["'self'", ...extraOrigins, ...extraOrigins.map(websocketOrigin)];
  const ownWebsocket = (req: IncomingMessage) => {
    const forwarded = trustProxy ? req.headers["x-forwarded-host"] : undefined;
    const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() ?? req.headers.host;
    return host && hostPattern.test(host) ? `ws://${host} wss://${host}` : "'self'";
  };
  return [...new Set(fixed), ownWebsocket];
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { allowedOrigins: string[]; apiBases: Record<string, string>; trustProxy: boolean },
): Promise<void> {
  const extraOrigins = originsOf([...options.allowedOrigins, ...Object.values(options.apiBases)]);
  await app.register(fastifyHelmet, {
    // HSTS belongs to whoever terminates TLS; sent from here it could pin sibling subdomains to https.
    hsts: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: connectSources(extraOrigins, options.trustProxy),
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  // API answers are per user and may carry tokens: no browser or proxy cache may keep them.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
  // A preflight without Origin or Access-Control-Request-Method is malformed: a German JSON 400 like
  // every other refusal (the CORS plugin's own answer to it is plain text).
  app.addHook("onRequest", async (request) => {
    if (request.method === "OPTIONS" && (!request.headers.origin || !request.headers["access-control-request-method"])) throw badRequest();
  });
  await app.register(fastifyCors, {
    origin: options.allowedOrigins.length > 0 ? options.allowedOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}
