// Big writes and reads go in chunks with a turn of the event loop between them (docs/SECURITY.md): PGlite
// runs every statement on the server's own thread, so one statement over 50,000 attacks held every other
// request for seconds. A chunk of this many rows stays well under ~200 ms there (about 100 ms for an update
// of 1,000 attacks with all their indexes on an idle 2-core machine).

/** Rows per statement of a big write or read. */
export const ROW_CHUNK = 1_000;

/**
 * Rows per statement where one row costs several times an attack's: writes of incomings (eight
 * indexes, jsonb analysis) and lookups of villages joined with their players. With ROW_CHUNK the
 * stall probe's SOS pastes held PGlite 100–320 ms per statement on a loaded 2-core machine, and the
 * health check waited behind them up to 430 ms; a quarter of that keeps each statement short.
 */
export const WIDE_ROW_CHUNK = 250;

/** Lets timers, sockets and other requests run before the next chunk. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs steps that pause (yield) now and then, e.g. the protocol's `…Steps` importers, letting the event loop turn at each pause. */
export async function runInSteps<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToEventLoop();
  }
}
