// Fastify/pino logger options: JSON in production, pretty only for a human at a terminal; secrets redacted.
import type { FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";
import type { LogFormat, LogLevel } from "./config.js";
import { serializeError } from "./log-errors.js";

const redact = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
];

/** LOG_FORMAT decides; without it a human at a terminal gets pretty lines and everything else JSON. */
export function usePretty(format: LogFormat | undefined, isTTY = Boolean(process.stdout.isTTY)): boolean {
  return format ? format === "pretty" : isTTY;
}

/** `stream`: where JSON lines go instead of stdout (tests read what was logged). */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream, format?: LogFormat): FastifyServerOptions["logger"] {
  const base = { level, redact: { paths: redact, censor: "[redacted]" }, serializers: { err: serializeError } };
  if (stream) return { ...base, stream };
  if (!usePretty(format) || level === "silent") return base;
  // A synchronous stream (not a worker transport) keeps the bundled build simple.
  return { ...base, stream: pretty({ colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }) };
}
