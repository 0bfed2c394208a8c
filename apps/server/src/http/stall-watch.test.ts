// The stall watch logs a request that holds the event loop, naming its route.
import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerStallWatch } from "./stall-watch.js";

interface LogLine {
  level: number;
  msg: string;
  heldMs?: number;
  routes?: string[];
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function appWithWatch() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level: "warn", stream } });
  registerStallWatch(app, 150);
  app.get("/api/block/:ms", async (request) => {
    const { ms } = request.params as { ms: string };
    const until = performance.now() + Number(ms);
    while (performance.now() < until) {
      // Holds the event loop, as a request doing too much at once would.
    }
    return { ok: true };
  });
  app.get("/api/quick", async () => ({ ok: true }));
  await app.ready();
  close = () => app.close();
  return { app, lines };
}

/** The first warning about a held loop, once the watch's (overdue) ticker has run. */
async function warningIn(lines: LogLine[]): Promise<LogLine> {
  for (;;) {
    const warning = lines.find((line) => line.msg.startsWith("event loop held"));
    if (warning) return warning;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("stall watch", () => {
  it("warns when a request holds the event loop over the threshold, naming its route", async () => {
    const { app, lines } = await appWithWatch();
    await app.inject({ method: "GET", url: "/api/block/400" });
    const warning = await warningIn(lines);
    expect(warning).toMatchObject({ level: 40, routes: ["GET /api/block/:ms"] });
    expect(warning.heldMs).toBeGreaterThanOrEqual(300);
  });
});
