// TanStack Query client: no retries for client errors or network failures; failed fetches are logged
// (a failed list fetch is only logged; actions report their own errors).
import { QueryCache, QueryClient } from "@tanstack/react-query";

/** An error with an HTTP status (ApiError) – checked structurally to keep this module dependency-free. */
function statusOf(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : undefined;
  }
  return undefined;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && (status === 0 || (status >= 400 && status < 500))) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => console.error("[query] failed", query.queryKey, error),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
