// The confirm dialog service: confirm({...}) resolves true on confirm, false on cancel or close.
// One ConfirmHost renders the pending requests, one at a time.
import { create } from "zustand";
import { commonTexts } from "@/config/texts";

export interface ConfirmOptions {
  title: string;
  message?: string;
  /** Default "Speichern". */
  confirmLabel?: string;
  /** Default "Abbrechen". */
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

export interface ConfirmRequest extends Required<Omit<ConfirmOptions, "message">> {
  id: number;
  message?: string;
  resolve: (confirmed: boolean) => void;
}

interface ConfirmState {
  queue: ConfirmRequest[];
  push: (request: ConfirmRequest) => void;
  settle: (id: number, confirmed: boolean) => void;
}

export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  queue: [],
  push: (request) => set((state) => ({ queue: [...state.queue, request] })),
  settle: (id, confirmed) => {
    const request = get().queue.find((r) => r.id === id);
    if (!request) return;
    set((state) => ({ queue: state.queue.filter((r) => r.id !== id) }));
    request.resolve(confirmed);
  },
}));

let nextId = 1;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    useConfirmStore.getState().push({
      id: nextId++,
      title: options.title,
      message: options.message,
      confirmLabel: options.confirmLabel ?? commonTexts.save,
      cancelLabel: options.cancelLabel ?? commonTexts.cancel,
      danger: options.danger ?? false,
      resolve,
    });
  });
}
