// What the server tells the SPA before login (GET /api/client-config): API bases per game server.
import type { ClientConfig } from "@dsbot/protocol";
import { create } from "zustand";

interface ClientConfigState {
  config: ClientConfig | null;
  setConfig: (config: ClientConfig) => void;
}

export const useClientConfig = create<ClientConfigState>()((set) => ({
  config: null,
  setConfig: (config) => set({ config }),
}));

export function currentApiBases(): Record<string, string> {
  return useClientConfig.getState().config?.apiBases ?? {};
}
