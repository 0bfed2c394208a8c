// Alerts across a killed server: messages queued in the outbox (a 429 holds the channel) when the
// process is killed with SIGKILL each arrive exactly once after it is started again on the same
// embedded database. The server runs as its own process (tsx); the embedded database only, as a fresh
// one in its own folder (the PostgreSQL stage covers two instances in alert-outbox.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killProcess, stablePort, startServerProcess } from "../../../test/server-process.js";
import { TEST_ADMIN } from "../../../test/test-app.js";

const onPostgres = !!process.env.DATABASE_URL;
if (onPostgres) console.info("alert-restart.test.ts: runs in the embedded-database stage (one process's data folder), skipped with DATABASE_URL");

/** What the receiver answers: a 429 holding the channel for 10 s, then 204 to everything. */
let answer: "hold" | "take" = "hold";
const received: { delivery: string; text: string }[] = [];
let receiver: http.Server;
let receiverUrl: string;
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (onPostgres) return;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "dsbot-alert-restart-"));
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      if (answer === "hold") {
        res.writeHead(429, { "retry-after": "10" }).end();
        return;
      }
      received.push({ delivery: String(req.headers["x-dsbot-delivery"]), text: (JSON.parse(body) as { text: string }).text });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  if (child) await killProcess(child);
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({ DATABASE_URL: undefined, DSBOT_DATA_DIR: dataDir, DSBOT_ALLOW_PRIVATE_TARGETS: "1" });

async function call(port: number, token: string | null, method: string, url: string, body?: object) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

describe.skipIf(onPostgres)("alerts across a killed server", () => {
  it("delivers each message queued at the kill exactly once after the restart", async () => {
    const first = await startServerProcess(env(), await stablePort());
    child = first.child;
    const login = await call(first.port, null, "POST", "/api/auth/login", { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(login.status).toBe(200);
    const token = String(login.json?.token);
    const created = await call(first.port, token, "POST", "/api/alert-channels", { kind: "webhook", name: "Neustart", url: receiverUrl });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const channelId = (created.json?.channel as { id: number }).id;
    for (let i = 0; i < 4; i++) expect((await call(first.port, token, "POST", `/api/alert-channels/${channelId}/test`)).status).toBe(202);
    // The first try meets the 429, which holds the channel: all four stay queued, nothing arrived.
    await expect
      .poll(async () => {
        const log = await call(first.port, token, "GET", `/api/alert-channels/${channelId}/deliveries`);
        const rows = log.json?.deliveries as { status: string; lastStatus: number | null }[];
        return { pending: rows.filter((d) => d.status === "pending").length, held: rows.some((d) => d.lastStatus === 429) };
      }, { timeout: 20_000 })
      .toEqual({ pending: 4, held: true });
    await killProcess(first.child);
    expect(received).toEqual([]);

    answer = "take";
    const second = await startServerProcess(env(), first.port);
    child = second.child;
    await expect.poll(() => received.length, { timeout: 40_000, interval: 200 }).toBe(4);
    // Each once, by its delivery key, and done for good: a delivered row is never claimed again.
    expect(new Set(received.map((r) => r.delivery)).size).toBe(4);
    await expect
      .poll(async () => {
        const log = await call(second.port, token, "GET", `/api/alert-channels/${channelId}/deliveries`);
        return (log.json?.deliveries as { status: string }[]).map((r) => r.status);
      })
      .toEqual(["delivered", "delivered", "delivered", "delivered"]);
    expect(received).toHaveLength(4);
  }, 120_000);
});
