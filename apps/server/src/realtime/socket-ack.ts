// Acknowledgement helpers: every client→server event answers a SocketAck, and a missing callback
// (a client that does not care) is fine.
import type { SocketAck } from "@dsbot/protocol";
import { errorMessages, toIssueList } from "@dsbot/protocol";
import type { z } from "zod";
import { HttpError } from "../http/errors.js";

export type Reply<T extends object> = (answer: SocketAck<T>) => void;

export function replier<T extends object>(ack: unknown): Reply<T> {
  return typeof ack === "function" ? (answer) => (ack as Reply<T>)(answer) : () => {};
}

export function invalidPayload(error: z.ZodError): SocketAck<never> {
  return { ok: false, error: { code: "bad_request", message: errorMessages.badRequest, issues: toIssueList(error) } };
}

/** Known failures keep their code and German message; anything else is an internal error. */
export function failure(error: unknown): SocketAck<never> {
  if (error instanceof HttpError) return { ok: false, error: { code: error.code, message: error.message } };
  return { ok: false, error: { code: "internal", message: errorMessages.internal } };
}

/** Runs a socket's handlers one after another, so a disconnect never overtakes the hello before it. */
export function serialQueue(onError: (error: unknown) => void) {
  let tail: Promise<void> = Promise.resolve();
  return (task: () => Promise<void>): Promise<void> => (tail = tail.then(task).catch(onError));
}
