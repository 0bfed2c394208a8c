// On every route change the body gets `page--<RouteName>` (the previous one is removed).
import { useEffect } from "react";

export const PAGE_CLASS_PREFIX = "page--";

export function usePageBodyClass(routeName: string | undefined): void {
  useEffect(() => {
    if (!routeName) return;
    const className = `${PAGE_CLASS_PREFIX}${routeName}`;
    const { classList } = document.body;
    // Drop leftovers (e.g. from a page rendered before a hot reload) so exactly one page class remains.
    for (const existing of Array.from(classList)) {
      if (existing.startsWith(PAGE_CLASS_PREFIX) && existing !== className) classList.remove(existing);
    }
    classList.add(className);
    return () => classList.remove(className);
  }, [routeName]);
}
