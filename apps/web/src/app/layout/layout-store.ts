// Sidebar state: the desktop sidebar's open flag is persisted; the mobile drawer starts closed.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { storageKeys } from "@/lib/storage";

interface LayoutState {
  sidebarOpen: boolean;
  mobileOpen: boolean;
  toggleSidebar: (mobile: boolean) => void;
  closeMobile: () => void;
}

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set, get) => ({
      sidebarOpen: true,
      mobileOpen: false,
      toggleSidebar: (mobile) =>
        set((state) => (mobile ? { mobileOpen: !state.mobileOpen } : { sidebarOpen: !state.sidebarOpen })),
      // Only write when something changes: a persisted store writes localStorage on every set, and
      // logout must leave the storage empty.
      closeMobile: () => {
        if (get().mobileOpen) set({ mobileOpen: false });
      },
    }),
    {
      name: storageKeys.layout,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ sidebarOpen }) => ({ sidebarOpen }),
    },
  ),
);
