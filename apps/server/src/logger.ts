// Fastify/pino logger options: JSON in production, pretty only for a human at a terminal; secrets redacted.
import type { FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";
import type { LogLevel } from "./config.js";
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

/** `stream`: where JSON lines go instead of stdout (tests read what was logged). */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  const base = { level, redact: { paths: redact, censor: "[redacted]" }, serializers: { err: serializeError } };
  if (stream) return { ...base, stream };
  if (!process.stdout.isTTY || level === "silent") return base;
  // A synchronous stream (not a worker transport) keeps the bundled build simple.
  return { ...base, stream: pretty({ colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }) };
}
