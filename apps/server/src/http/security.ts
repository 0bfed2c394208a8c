// Security headers (strict CSP without inline scripts, no caching of API answers) and CORS limited to
// the configured origins.
import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import helmet, { contentSecurityPolicy } from "helmet";
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
function connectSources(extraOrigins: string[]): string[] {
  return [...new Set(["'self'", ...extraOrigins, ...extraOrigins.map(websocketOrigin)])];
}

function ownWebsocket(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-host"] : undefined;
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() ?? req.headers.host;
  return host && hostPattern.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * The headers a Helmet middleware sets, read once from a stand-in response: with static options they
 * do not depend on the request. Setting them as one object costs a request a fraction of running
 * Helmet's dozen middlewares (each a setHeader with its checks): ~10 % of an authenticated request.
 */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure;
  return headers;
}

/**
 * The CSP header per own websocket (that is, per Host), each built once: Helmet would rebuild and
 * check the whole policy on every request for the one value that varies. Hosts are whatever clients
 * send, so the memory is capped (and simply started afresh when full).
 */
function cspPerHost(directives: (ownWebsocketSource: string) => Parameters<typeof contentSecurityPolicy>[0], max = 64) {
  const built = new Map<string, Record<string, string>>();
  return (source: string): Record<string, string> => {
    let headers = built.get(source);
    if (!headers) {
      headers = headersOf(contentSecurityPolicy(directives(source)));
      if (built.size >= max) built.clear();
      built.set(source, headers);
    }
    return headers;
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { allowedOrigins: string[]; apiBases: Record<string, string>; trustProxy: boolean },
): Promise<void> {
  const extraOrigins = originsOf([...options.allowedOrigins, ...Object.values(options.apiBases)]);
  const connectSrc = connectSources(extraOrigins);
  const csp = cspPerHost((ownWebsocketSource) => ({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets inline style attributes; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: [...connectSrc, ownWebsocketSource],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  }));
  // Helmet's other headers, built once (@fastify/helmet built everything again for every request,
  // a fifth of an authenticated request's time). HSTS belongs to whoever terminates TLS; sent from
  // here it could pin sibling subdomains to https.
  const otherHeaders = headersOf(helmet({ hsts: false, contentSecurityPolicy: false }));
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(otherHeaders);
    reply.headers(csp(ownWebsocket(request.raw, options.trustProxy)));
    done();
  });
  // API answers are per user and may carry tokens: no browser or proxy cache may keep them.
  // (Callback hooks here and below: an async hook costs every request a promise and a microtask.)
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
  // A preflight without Origin or Access-Control-Request-Method is malformed: a German JSON 400 like
  // every other refusal (the CORS plugin's own answer to it is plain text).
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.method === "OPTIONS" && (!request.headers.origin || !request.headers["access-control-request-method"])) done(badRequest());
    else done();
  });
  await app.register(fastifyCors, {
    origin: options.allowedOrigins.length > 0 ? options.allowedOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}
