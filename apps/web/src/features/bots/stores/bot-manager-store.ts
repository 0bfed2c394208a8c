// The bot manager: the bots it shows, the active bot-user connection and the selection.
// A bot is selectable only when its status is empty or offline and it has a bot-user connection.
import type { BotStatus, Dsbot, WebsocketConnection } from "@dsbot/protocol";
import { create } from "zustand";

export function isBotSelectable(bot: Pick<Dsbot, "status" | "websocketConnections">): boolean {
  const idle = bot.status === null || bot.status === undefined || (bot.status as string) === "" || bot.status === "offline";
  return idle && bot.websocketConnections.some((c) => c.origin === "bot-user");
}

interface BotManagerState {
  bots: Dsbot[];
  activeConnectionId: number | null;
  selectedIds: number[];
  setBots: (bots: Dsbot[]) => void;
  setActiveConnection: (id: number | null) => void;
  toggleSelected: (id: number) => void;
  /** None selected → all eligible; otherwise → none. */
  toggleSelectAll: () => void;
  clearSelection: () => void;
  updateStatus: (id: number, status: BotStatus | null, protectedSince?: string | null) => void;
  addConnection: (dsbotId: number, connection: WebsocketConnection) => void;
  removeConnection: (connectionId: number) => void;
}

/** Drops selected ids that are no longer selectable (status changed, connection gone). */
function pruneSelection(bots: Dsbot[], selectedIds: number[]): number[] {
  const eligible = new Set(bots.filter(isBotSelectable).map((b) => b.id));
  const next = selectedIds.filter((id) => eligible.has(id) || !bots.some((b) => b.id === id));
  return next.length === selectedIds.length ? selectedIds : next;
}

export const useBotManager = create<BotManagerState>()((set, get) => ({
  bots: [],
  activeConnectionId: null,
  selectedIds: [],
  setBots: (bots) => set((state) => ({ bots, selectedIds: pruneSelection(bots, state.selectedIds) })),
  setActiveConnection: (id) => set({ activeConnectionId: id }),
  toggleSelected: (id) => {
    const { bots, selectedIds } = get();
    if (selectedIds.includes(id)) {
      set({ selectedIds: selectedIds.filter((s) => s !== id) });
      return;
    }
    const bot = bots.find((b) => b.id === id);
    if (bot && isBotSelectable(bot)) set({ selectedIds: [...selectedIds, id] });
  },
  toggleSelectAll: () => {
    const { bots, selectedIds } = get();
    set({ selectedIds: selectedIds.length > 0 ? [] : bots.filter(isBotSelectable).map((b) => b.id) });
  },
  clearSelection: () => set({ selectedIds: [] }),
  updateStatus: (id, status, protectedSince = null) =>
    set((state) => {
      if (!state.bots.some((b) => b.id === id)) return state;
      const bots = state.bots.map((b) => (b.id === id ? { ...b, status, protectedSince } : b));
      return { bots, selectedIds: pruneSelection(bots, state.selectedIds) };
    }),
  addConnection: (dsbotId, connection) =>
    set((state) => ({
      bots: state.bots.map((b) =>
        b.id === dsbotId && !b.websocketConnections.some((c) => c.id === connection.id)
          ? { ...b, websocketConnections: [...b.websocketConnections, connection] }
          : b,
      ),
    })),
  removeConnection: (connectionId) =>
    set((state) => {
      // Removing the active bot-user connection clears the active one and the selection.
      if (state.activeConnectionId === connectionId) {
        return {
          bots: state.bots.map((b) => ({ ...b, websocketConnections: b.websocketConnections.filter((c) => c.id !== connectionId) })),
          activeConnectionId: null,
          selectedIds: [],
        };
      }
      const bots = state.bots.map((b) =>
        b.websocketConnections.some((c) => c.id === connectionId)
          ? { ...b, websocketConnections: b.websocketConnections.filter((c) => c.id !== connectionId) }
          : b,
      );
      return { bots, selectedIds: pruneSelection(bots, state.selectedIds) };
    }),
}));
