// The runner keeps a bot's templates between runs: one question to the server, then again only for what
// the server says changed, after a lost connection, or for what it left out.
import type { BotTemplate } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { TemplateCache } from "./template-cache.js";

const template = (id: number, level = 1): BotTemplate => ({ id, name: `T${id}`, steps: [{ building: "wood", level }] });

function server(known: Map<number, BotTemplate>) {
  const asked: number[][] = [];
  let answer: (() => void) | null = null;
  let hold = false;
  const fetch = (ids: number[]) => {
    asked.push(ids);
    const value = ids.flatMap((id) => known.get(id) ?? []);
    if (!hold) return Promise.resolve(value);
    return new Promise<BotTemplate[] | null>((resolve) => (answer = () => resolve(value)));
  };
  const holdNext = () => {
    hold = true;
  };
  const release = () => {
    hold = false;
    answer?.();
  };
  return { asked, fetch, holdNext, release };
}

describe("TemplateCache", () => {
  it("asks once, then only for what changed or was not there", async () => {
    const known = new Map([[1, template(1)], [2, template(2)]]);
    const s = server(known);
    const cache = new TemplateCache(s.fetch);
    expect(await cache.get([1, 2, 1])).toEqual([template(1), template(2)]);
    expect(await cache.get([2, 1])).toEqual([template(2), template(1)]);
    expect(s.asked).toEqual([[1, 2]]);

    // The server says 1 changed: only 1 is asked again, and the new steps come back.
    known.set(1, template(1, 5));
    cache.drop([1]);
    expect(await cache.get([1, 2])).toEqual([template(1, 5), template(2)]);
    // Not the owner's or deleted: left out, and asked again next time.
    expect(await cache.get([2, 3])).toEqual([template(2)]);
    expect(await cache.get([3])).toEqual([]);
    expect(s.asked).toEqual([[1, 2], [1], [3], [3]]);

    // After a lost connection everything is asked again.
    cache.clear();
    await cache.get([1, 2]);
    expect(s.asked.at(-1)).toEqual([1, 2]);
  });

  it("does not keep an answer a change overtook, and says null when the server cannot answer", async () => {
    const known = new Map([[1, template(1)]]);
    const s = server(known);
    const cache = new TemplateCache(s.fetch);
    s.holdNext();
    const pending = cache.get([1]);
    // The change arrives while the question is on its way: the answer is used once, not kept.
    known.set(1, template(1, 9));
    cache.drop([1]);
    s.release();
    expect(await pending).toEqual([template(1)]);
    expect(await cache.get([1])).toEqual([template(1, 9)]);
    expect(s.asked).toEqual([[1], [1]]);

    const offline = new TemplateCache(async () => null);
    expect(await offline.get([1])).toBeNull();
    expect(await offline.get([])).toEqual([]);
  });
});
