import type { Dsbot } from "@dsbot/protocol";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAlertStore } from "@/lib/alerts";
import { dispatchRealtimeMessage, resetRealtimeHandlers } from "@/lib/realtime-dispatcher";
import { botKalle, botNoRunner, botOnline, makeBot } from "@/test/bot-fixtures";
import { useBotManager } from "../stores/bot-manager-store";
import { registerBotRealtimeHandlers } from "./bot-realtime";
import { botKeys, defaultBotListParams } from "./bots-api";
import type { BotDetailResponse, BotListResponse } from "./types";

let client: QueryClient;
const listKey = botKeys.list(defaultBotListParams);

function listBot(id: number): Dsbot | undefined {
  return client.getQueryData<BotListResponse>(listKey)?.dsbots.find((b) => b.id === id);
}
function detailBot(id: number): Dsbot | undefined {
  return client.getQueryData<BotDetailResponse>(botKeys.detail(id))?.dsbot;
}
function managerBot(id: number): Dsbot | undefined {
  return useBotManager.getState().bots.find((b) => b.id === id);
}
function alertMessages(): string[] {
  return useAlertStore.getState().alerts.map((a) => `${a.variant}:${a.message}`);
}

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData<BotListResponse>(listKey, { dsbots: [botKalle, botOnline], totals: 2 });
  client.setQueryData<BotDetailResponse>(botKeys.detail(1), { dsbot: botKalle });
  useBotManager.setState({ bots: [botKalle, botOnline, botNoRunner], activeConnectionId: null, selectedIds: [] });
  useAlertStore.setState({ alerts: [] });
  registerBotRealtimeHandlers(client);
});

afterEach(() => {
  resetRealtimeHandlers();
  client.clear();
});

describe("botUpdateStatus", () => {
  it("updates the status in all three bot stores and shows the exact alert for online", () => {
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { dsbot: { id: 1, status: "online", dsPlayer: { name: "Kalle" } } } });
    expect(listBot(1)?.status).toBe("online");
    expect(detailBot(1)?.status).toBe("online");
    expect(managerBot(1)?.status).toBe("online");
    expect(alertMessages()).toEqual(['success:Der Bot "Kalle" hat nun den Status "online"']);
  });

  it("accepts the flat {id, status} shape and alerts for offline", () => {
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 2, status: "offline" } });
    expect(listBot(2)?.status).toBe("offline");
    expect(managerBot(2)?.status).toBe("offline");
    expect(alertMessages()).toEqual(['success:Der Bot "Berta" hat nun den Status "offline"']);
  });

  it("updates but stays silent for other statuses", () => {
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 1, status: "starting" } });
    expect(detailBot(1)?.status).toBe("starting");
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 1, status: "paused" } });
    expect(listBot(1)?.status).toBe("paused");
    expect(alertMessages()).toEqual([]);
  });

  it("shows no alert for a bot none of the stores knows", () => {
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { dsbot: { id: 99, status: "online", dsPlayer: { name: "Fremd" } } } });
    expect(alertMessages()).toEqual([]);
  });

  it("ignores the payload '[]'", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    dispatchRealtimeMessage("[]");
    expect(warn).not.toHaveBeenCalled();
    expect(listBot(1)?.status).toBe("offline");
    expect(alertMessages()).toEqual([]);
  });

  // After a start the list stayed on "Startet" while the server said online.
  it("a fetch on its way when the event arrives is made once more, so its older answer does not stay", async () => {
    const key = botKeys.list({ ...defaultBotListParams, searchVal: "race" });
    const answers: ((answer: BotListResponse) => void)[] = [];
    const fetched = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<BotListResponse>((resolve) => answers.push(resolve)) });
    expect(answers).toHaveLength(1);

    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 1, status: "online" } });
    // The server read the bot before it came online; that answer lands after the event.
    answers[0]?.({ dsbots: [{ ...botKalle, status: "starting" }], totals: 1 });
    await fetched;
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.({ dsbots: [{ ...botKalle, status: "online" }], totals: 1 });
    await vi.waitFor(() => expect(client.getQueryData<BotListResponse>(key)?.dsbots[0]?.status).toBe("online"));
  });

  it("a fetch that starts after the event is not made twice", async () => {
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 1, status: "online" } });
    let calls = 0;
    const key = botKeys.detail(7);
    await client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve({ dsbot: makeBot({ id: 7, status: "online" }) }).finally(() => (calls += 1)) });
    await client.fetchQuery({ queryKey: botKeys.detail(8), queryFn: () => Promise.resolve({ dsbot: makeBot({ id: 8 }) }) });
    expect(calls).toBe(1);
  });

  it("drops a status event whose data does not match its type, with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { dsbot: { id: 2, status: "weg", dsPlayer: { name: "Berta" } } } });
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { status: "offline" } });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(listBot(2)?.status).toBe("online");
    expect(managerBot(2)?.status).toBe("online");
    expect(alertMessages()).toEqual([]);
  });

  it("drops a selected bot from the selection once it is no longer offline", () => {
    useBotManager.getState().toggleSelected(1);
    expect(useBotManager.getState().selectedIds).toEqual([1]);
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { id: 1, status: "starting" } });
    expect(useBotManager.getState().selectedIds).toEqual([]);
  });
});

describe("connection events", () => {
  it("adds a bot-user connection to list, detail and manager", () => {
    dispatchRealtimeMessage({
      type: "bot-user-connection-created",
      data: { dsbotId: 3, id: 31, websocketConnection: { id: 31, origin: "bot-user", runnerName: "Laptop" } },
    });
    expect(managerBot(3)?.websocketConnections).toEqual([{ id: 31, origin: "bot-user", runnerName: "Laptop" }]);
    dispatchRealtimeMessage({ type: "bot-connection-created", data: { dsbotId: 1, id: 12, websocketConnection: { id: 12, origin: "bot" } } });
    expect(listBot(1)?.websocketConnections.map((c) => c.id)).toEqual([11, 12]);
    expect(detailBot(1)?.websocketConnections.map((c) => c.id)).toEqual([11, 12]);
  });

  it("bot-connection-deleted removes the connection it names", () => {
    dispatchRealtimeMessage({ type: "bot-connection-deleted", data: { dsbotId: 2, id: 22, websocketConnection: { id: 22, origin: "bot" } } });
    expect(listBot(2)?.websocketConnections.map((c) => c.id)).toEqual([21]);
    expect(managerBot(2)?.websocketConnections.map((c) => c.id)).toEqual([21]);
  });

  it("removing the active bot-user connection clears the active connection and the selection", () => {
    const manager = useBotManager.getState();
    manager.setActiveConnection(11);
    manager.toggleSelected(1);
    expect(useBotManager.getState().selectedIds).toEqual([1]);
    dispatchRealtimeMessage({ type: "bot-user-connection-deleted", data: { dsbotId: 1, id: 11, websocketConnection: { id: 11, origin: "bot-user" } } });
    expect(useBotManager.getState().activeConnectionId).toBeNull();
    expect(useBotManager.getState().selectedIds).toEqual([]);
    expect(detailBot(1)?.websocketConnections).toEqual([]);
  });

  it("drops a connection event without the connection, with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    dispatchRealtimeMessage({ type: "bot-connection-created", data: { dsbotId: 1, id: 13 } });
    expect(warn).toHaveBeenCalledOnce();
    expect(listBot(1)?.websocketConnections.map((c) => c.id)).toEqual([11]);
    expect(managerBot(1)?.websocketConnections.map((c) => c.id)).toEqual([11]);
  });

  it("removing another connection keeps the active one", () => {
    const bot = makeBot({ id: 4, websocketConnections: [{ id: 41, origin: "bot-user", runnerName: "Desktop" }] });
    useBotManager.setState({ bots: [botKalle, bot], activeConnectionId: 11, selectedIds: [1, 4] });
    dispatchRealtimeMessage({ type: "bot-user-connection-deleted", data: { dsbotId: 4, id: 41, websocketConnection: { id: 41, origin: "bot-user" } } });
    expect(useBotManager.getState().activeConnectionId).toBe(11);
    // Bot 4 lost its only bot-user connection: no longer selectable.
    expect(useBotManager.getState().selectedIds).toEqual([1]);
  });
});
