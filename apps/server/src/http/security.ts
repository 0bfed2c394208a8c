// Security headers (strict CSP without inline scripts) and CORS limited to the configured origins.
import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

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

export async function registerSecurity(
  app: FastifyInstance,
  options: { allowedOrigins: string[]; apiBases: Record<string, string> },
): Promise<void> {
  const apiOrigins = originsOf(Object.values(options.apiBases));
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
        connectSrc: ["'self'", "ws:", "wss:", ...apiOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  await app.register(fastifyCors, {
    origin: options.allowedOrigins.length > 0 ? options.allowedOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}
