// Fastify/pino logger options: JSON in production, pretty only for a human at a terminal; secrets redacted.
import type { FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";
import type { LogLevel } from "./config.js";

const redact = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
];

export function loggerOptions(level: LogLevel): FastifyServerOptions["logger"] {
  const base = { level, redact: { paths: redact, censor: "[redacted]" } };
  if (!process.stdout.isTTY || level === "silent") return base;
  // A synchronous stream (not a worker transport) keeps the bundled build simple.
  return { ...base, stream: pretty({ colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }) };
}
