// Timed work on the system clock: sends of different sessions due on one millisecond leave together
// (none waits for another's logging), and the wait before the moment holds the thread asleep, not spinning.
import type { GameDriver } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { systemClock } from "./clock.js";
import { TimedWork } from "./timed-work.js";

const driver = { now: () => Date.now() } as unknown as GameDriver;
const session = () => new TimedWork(systemClock, () => false, () => {});
const busy = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe("timed work", () => {
  it("starts the works of all sessions due on one millisecond before the first one's follow-up", async () => {
    const at = Date.now() + 400;
    // The order of what happened: a start per work, a follow-up per work. How late the starts come is
    // bench/send-lateness.mjs's figure (a loaded machine preempts any process for milliseconds).
    const events: string[] = [];
    const done: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      done.push(
        new Promise((resolve) => {
          session().at(driver, at, async () => {
            events.push(`start ${i}`);
            await Promise.resolve();
            // What a send does after the command left: its log line and report (here 20 ms of work).
            busy(20);
            events.push(`follow-up ${i}`);
            resolve();
          });
        }),
      );
    }
    await Promise.all(done);
    expect(events.slice(0, 5).every((event) => event.startsWith("start "))).toBe(true);
    expect(events.filter((event) => event.startsWith("follow-up "))).toHaveLength(5);
    expect(new Set(events).size).toBe(10);
  });

  it("waits out the last stretch asleep: little CPU for a wait of 250 ms", async () => {
    const before = process.cpuUsage();
    const startedAt = await new Promise<number>((resolve) => {
      session().at(driver, Date.now() + 300, async () => resolve(Date.now()));
    });
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(100);
    expect(startedAt).toBeGreaterThan(0);
  });

  it("does not start a cancelled work nor one of an ended session", async () => {
    let ran = 0;
    const cancel = session().at(driver, Date.now() + 50, async () => void (ran += 1));
    cancel();
    const ended = new TimedWork(systemClock, () => true, () => {});
    ended.at(driver, Date.now() + 50, async () => void (ran += 1));
    const kept = session();
    await new Promise<void>((resolve) => kept.at(driver, Date.now() + 60, async () => resolve()));
    expect(ran).toBe(0);
    expect(kept.count).toBe(0);
  });
});
