import { describe, expect, it } from "vitest";
import { DomainEventBus } from "./domain-events.js";

describe("DomainEventBus", () => {
  it("runs every subscriber of an event with its payload and resolves after the slowest", async () => {
    const bus = new DomainEventBus(() => {});
    const seen: string[] = [];
    let release = () => {};
    bus.on("incomings.changed", (owner) => {
      seen.push(`first ${JSON.stringify(owner)}`);
    });
    bus.on("incomings.changed", () => new Promise<void>((resolve) => (release = () => (seen.push("slow done"), resolve()))));
    bus.on("troops.changed", () => void seen.push("other event"));
    let done = false;
    const emitted = bus.emit("incomings.changed", { dsbotId: 7 }).then(() => (done = true));
    await Promise.resolve();
    expect(seen).toEqual(['first {"dsbotId":7}']);
    expect(done).toBe(false);
    release();
    await emitted;
    expect(seen).toEqual(['first {"dsbotId":7}', "slow done"]);
  });

  it("reports a failing subscriber and still runs the others; the emitter does not fail", async () => {
    const errors: [unknown, string][] = [];
    const bus = new DomainEventBus((error, event) => errors.push([error, event]));
    const boom = new Error("boom");
    let ran = false;
    bus.on("notification.created", () => {
      throw boom;
    });
    bus.on("notification.created", async () => {
      ran = true;
    });
    await expect(bus.emit("notification.created", { userId: 1, notification: {} as never })).resolves.toBeUndefined();
    expect(ran).toBe(true);
    expect(errors).toEqual([[boom, "notification.created"]]);
  });

  it("an event nobody subscribed to is fine", async () => {
    await expect(new DomainEventBus(() => {}).emit("bot.usage-reported", { dsbotId: 1, usage: {} as never })).resolves.toBeUndefined();
  });
});
