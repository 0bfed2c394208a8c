// The standing rule of docs/SECURITY.md, "Work that grows with its input", watched in production: no request
// may hold the event loop. A 50 ms ticker notices when the loop was held (it fires late by that much) and
// logs a warning with the routes in flight since the tick before (the one that held it is among them);
// `monitorEventLoopDelay` keeps the delay's distribution, read by `eventLoopDelay()` (logged with each
// warning).
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";

export const STALL_WARN_MS = 200;
const TICK_MS = 50;

export interface StallWatch {
  /** The loop's delay since the last call: p99 and max in ms. */
  eventLoopDelay(): { p99Ms: number; maxMs: number };
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`;

export function registerStallWatch(app: FastifyInstance, thresholdMs = STALL_WARN_MS): StallWatch {
  const inFlight = new Set<FastifyRequest>();
  /** Routes of requests that ended since the last tick: one may have held the loop just before answering. */
  let ended: string[] = [];
  const end = async (request: FastifyRequest) => {
    if (inFlight.delete(request)) ended.push(routeOf(request));
  };
  app.addHook("onRequest", async (request) => {
    inFlight.add(request);
  });
  app.addHook("onResponse", end);
  app.addHook("onRequestAbort", end);

  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const eventLoopDelay = () => {
    const delay = { p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 };
    histogram.reset();
    return delay;
  };

  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const heldMs = Math.round(now - last - TICK_MS);
    last = now;
    const recent = ended;
    ended = [];
    if (heldMs <= thresholdMs) return;
    const routes = [...new Set([...recent, ...[...inFlight].map(routeOf)])];
    app.log.warn({ heldMs, routes, eventLoop: eventLoopDelay() }, `event loop held for ${heldMs} ms${routes.length > 0 ? ` (in flight: ${routes.join(", ")})` : ""}`);
  }, TICK_MS);
  ticker.unref();
  app.addHook("onClose", async () => {
    clearInterval(ticker);
    histogram.disable();
  });
  return { eventLoopDelay };
}
