// Mounts the global search dialog on demand: its code (and the search API) loads the first time the
// dialog opens, by the header button or Ctrl/Cmd+K. Until then this host listens for the shortcut;
// afterwards the dialog does (it stays mounted, so closing animates and clears as before).
import { useHotkeys } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { useSearchDialog } from "../stores/search-dialog-store";

const GlobalSearchDialog = lazy(async () => ({ default: (await import("./global-search-dialog")).GlobalSearchDialog }));

export function SearchDialogHost() {
  const opened = useSearchDialog((state) => state.opened);
  const toggle = useSearchDialog((state) => state.toggle);
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  useHotkeys(
    mounted
      ? []
      : [
          ["ctrl+K", toggle],
          ["meta+K", toggle],
        ],
    [],
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <GlobalSearchDialog />
    </Suspense>
  );
}
