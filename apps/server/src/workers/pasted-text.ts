// Pasted game texts (an SOS text, a troops overview): parsed in a worker thread, refused by line, and
// written one import at a time. Shared by the incomings and the troops imports.
import type { WarRoomParseError } from "@dsbot/protocol";
import { WAR_ROOM_TEXT_MAX, warRoomMessages } from "@dsbot/protocol";
import type { Database } from "../db/client.js";
import { badRequest, HttpError, tooManyRequests } from "../http/errors.js";
import type { TaskInput, TaskName, TaskOutput } from "./tasks.js";
import { WorkerTaskError, type WorkerPool } from "./worker-pool.js";

export interface ImportDeps {
  db: Database;
  workers: WorkerPool;
}

/**
 * The write phase of pasted imports runs one import at a time per server. The embedded database runs
 * one statement at a time: three big pastes at once kept three statements queued in front of every
 * other request (the stall probe saw a health check wait 280–370 ms behind them); one after another
 * they take as long together, and a paste's limit check and its writes no longer interleave with
 * another paste's.
 */
let writeLane: Promise<unknown> = Promise.resolve();

export function inWriteLane<T>(write: () => Promise<T>): Promise<T> {
  const result = writeLane.then(write, write);
  writeLane = result.catch(() => undefined);
  return result;
}

/** The body limit of a paste route: a text of WAR_ROOM_TEXT_MAX characters, each up to two bytes in JSON, fits. */
export const PASTED_TEXT_BODY_LIMIT = 2 * WAR_ROOM_TEXT_MAX + 1024;

/** A parse takes well under a second; anything longer is a broken text or a stuck worker. */
const PARSE_TIMEOUT_MS = 10_000;

/** A parser in a worker thread; a full pool or a timeout as German HTTP errors. */
export async function parsePasted<T extends TaskName>(workers: WorkerPool, task: T, input: TaskInput<T>): Promise<TaskOutput<T>> {
  try {
    return await workers.run(task, input, { timeoutMs: PARSE_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    if (error.reason === "busy") throw tooManyRequests(warRoomMessages.busy);
    throw new HttpError(503, "internal", warRoomMessages.busy);
  }
}

/** Problems as the API's issues (on the `text` field), in line order. */
export function rejectPasted(errors: readonly WarRoomParseError[]): never {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  throw badRequest(sorted[0]?.message, sorted.map((e) => ({ path: "text", message: e.message })));
}
