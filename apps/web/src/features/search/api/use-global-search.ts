// Debounced, abortable global search: a blank query clears the results and sends nothing;
// otherwise the request goes SEARCH_DELAY ms after the last change, and every newer input aborts the
// request (or the pending timer) of the earlier one, so only the newest answer can land.
import type { SearchResponse } from "@dsbot/protocol";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api-error-message";
import { useDebouncedCallback } from "@/lib/debounce";
import { SEARCH_DELAY, searchRequest } from "./search-api";

export interface GlobalSearchState {
  results: SearchResponse | null;
  loading: boolean;
  error: string | null;
}

const IDLE: GlobalSearchState = { results: null, loading: false, error: null };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * `enabled` false (dialog closed) cancels whatever is pending but keeps the last results on screen
 * until the caller clears the query (the dialog fades out with its content intact).
 */
export function useGlobalSearch(query: string, enabled = true): GlobalSearchState {
  const value = query.trim();
  const [state, setState] = useState<GlobalSearchState>(IDLE);
  const send = useDebouncedCallback((searchVal: string, signal: AbortSignal) => {
    searchRequest(searchVal, signal).then(
      (results) => {
        if (!signal.aborted) setState({ results, loading: false, error: null });
      },
      (error: unknown) => {
        if (isAbort(error) || signal.aborted) return;
        console.error("[search] failed", error);
        setState({ results: null, loading: false, error: errorMessage(error) });
      },
    );
  }, SEARCH_DELAY);

  useEffect(() => {
    if (!value) {
      setState(IDLE);
      return;
    }
    if (!enabled) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    send(value, controller.signal);
    return () => {
      send.cancel();
      controller.abort();
    };
  }, [value, enabled, send]);

  return state;
}
