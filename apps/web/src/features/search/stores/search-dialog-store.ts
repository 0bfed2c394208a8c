// Open state of the global search dialog, shared by the header button, Ctrl+K and the dialog.
import { create } from "zustand";

interface SearchDialogState {
  opened: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
}

export const useSearchDialog = create<SearchDialogState>()((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
  toggle: () => set((state) => ({ opened: !state.opened })),
}));
