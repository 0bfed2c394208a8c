// sonner (the toast library) loads with the first alert, not with the first page. Until it is there,
// the toast calls wait in a queue and run in their order once it has loaded; sonner's Toaster shows
// toasts that were created before it mounted (components/ui/alert-toaster.tsx mounts it on load).
import type * as SonnerModule from "sonner";

type Sonner = typeof SonnerModule;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const queue: ((sonner: Sonner) => void)[] = [];
const listeners = new Set<() => void>();

/** Loads sonner once (a failed load is tried again by the next call); the waiting calls run first. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (module) => {
      sonner = module;
      for (const run of queue.splice(0)) run(module);
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Runs `run` with sonner: at once when it is loaded, otherwise once it is (in call order). */
export function withSonner(run: (sonner: Sonner) => void): void {
  if (sonner) {
    run(sonner);
    return;
  }
  queue.push(run);
  loadSonner().catch((error: unknown) => console.error("[alerts] the toasts could not be loaded", error));
}

/** True once something asked for sonner (loaded or on its way). */
export function sonnerRequested(): boolean {
  return loading !== null;
}

/** sonner when it is loaded, else null (a useSyncExternalStore snapshot). */
export function loadedSonner(): Sonner | null {
  return sonner;
}

/** Calls `listener` when sonner has loaded; answers the unsubscribe (useSyncExternalStore). */
export function subscribeSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
