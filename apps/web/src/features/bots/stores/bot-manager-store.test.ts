import { beforeEach, describe, expect, it } from "vitest";
import { botKalle, botNoRunner, botOnline, makeBot } from "@/test/bot-fixtures";
import { isBotSelectable, useBotManager } from "./bot-manager-store";

const idleWithRunner = makeBot({ id: 5, status: null, websocketConnections: [{ id: 51, origin: "bot-user" }] });
const offlineBotOnly = makeBot({ id: 6, status: "offline", websocketConnections: [{ id: 61, origin: "bot" }] });

beforeEach(() => {
  useBotManager.setState({ bots: [botKalle, botOnline, botNoRunner, idleWithRunner, offlineBotOnly], activeConnectionId: null, selectedIds: [] });
});

describe("bot manager selection", () => {
  it("allows only empty or offline bots that have a bot-user connection", () => {
    expect(isBotSelectable(botKalle)).toBe(true);
    expect(isBotSelectable(idleWithRunner)).toBe(true);
    expect(isBotSelectable(botOnline)).toBe(false);
    expect(isBotSelectable(botNoRunner)).toBe(false);
    expect(isBotSelectable(offlineBotOnly)).toBe(false);
    expect(isBotSelectable({ ...botKalle, status: "paused" })).toBe(false);
  });

  it("refuses to select an ineligible bot", () => {
    useBotManager.getState().toggleSelected(2);
    useBotManager.getState().toggleSelected(3);
    expect(useBotManager.getState().selectedIds).toEqual([]);
    useBotManager.getState().toggleSelected(1);
    expect(useBotManager.getState().selectedIds).toEqual([1]);
    useBotManager.getState().toggleSelected(1);
    expect(useBotManager.getState().selectedIds).toEqual([]);
  });

  it("select-all toggles between none and all eligible bots", () => {
    const { toggleSelectAll } = useBotManager.getState();
    toggleSelectAll();
    expect(useBotManager.getState().selectedIds).toEqual([1, 5]);
    toggleSelectAll();
    expect(useBotManager.getState().selectedIds).toEqual([]);
    useBotManager.getState().toggleSelected(5);
    toggleSelectAll();
    expect(useBotManager.getState().selectedIds).toEqual([]);
  });

  it("removing the active connection clears the active one and the selection", () => {
    useBotManager.getState().setActiveConnection(51);
    useBotManager.getState().toggleSelectAll();
    useBotManager.getState().removeConnection(51);
    expect(useBotManager.getState().activeConnectionId).toBeNull();
    expect(useBotManager.getState().selectedIds).toEqual([]);
  });
});
