// Every event a bot sends has exactly one handler among the modules' declarations.
import { botEvents } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { botSocketEvents } from "../app.js";

/** The events the server sends to a bot (the others a bot sends). */
const toBot: readonly string[] = [botEvents.control, botEvents.config, botEvents.moduleConfig, botEvents.templatesChanged];

describe("bot socket events", () => {
  it("are each declared by exactly one module", () => {
    const fromBot = Object.values(botEvents).filter((event) => !toBot.includes(event));
    expect(botSocketEvents.map((handler) => handler.event).sort()).toEqual([...fromBot].sort());
  });
});
