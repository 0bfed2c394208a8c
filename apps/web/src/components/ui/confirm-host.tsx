// Mounts the confirm dialog (confirm-dialog.tsx) with the first confirm request: Modal and its
// focus trap, scroll lock and portal load then, not with every page. It stays mounted afterwards,
// so closing animates as before.
import { lazy, Suspense, useState } from "react";
import { useConfirmStore } from "./confirm-store";

const ConfirmDialog = lazy(async () => ({ default: (await import("./confirm-dialog")).ConfirmDialog }));

export function ConfirmHost() {
  const pending = useConfirmStore((state) => state.queue.length > 0);
  const [mounted, setMounted] = useState(pending);
  if (pending && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  );
}
