// The metadata (handle) of the deepest matched route.
import { useMatches } from "react-router";
import type { RouteMeta } from "@/config/routes";

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === "object" && handle !== null && typeof (handle as { name?: unknown }).name === "string";
}

export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}
