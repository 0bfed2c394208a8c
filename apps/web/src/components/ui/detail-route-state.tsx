// What a detail route (/…/:id) shows before its object is there: not found (a bad id or a 404, with a way
// back to the list), the error with a retry, or skeletons while it loads; null once the data has come
// (also while a later refetch fails).
import { Button, Skeleton, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { RoutePageHeader } from "./route-page-header";
import { ErrorState, NotFoundState } from "./states";

interface DetailRouteStateOptions {
  /** Whether the id in the address is one at all (otherwise nothing was asked). */
  valid: boolean;
  query: Pick<UseQueryResult<unknown>, "data" | "error" | "isError" | "refetch">;
  notFound: { title: string; description?: string; backTo: string; backLabel: string };
  /** Heights of the loading skeletons, top to bottom. */
  skeletons: readonly number[];
}

export function detailRouteState({ valid, query, notFound, skeletons }: DetailRouteStateOptions): ReactNode | null {
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <>
        <RoutePageHeader />
        <NotFoundState
          title={notFound.title}
          description={notFound.description}
          action={
            <Button component={Link} to={notFound.backTo} variant="light">
              {notFound.backLabel}
            </Button>
          }
        />
      </>
    );
  }
  // A failed refetch of an object already shown keeps the page (and its open dialogs); the next one may
  // succeed. A 404 (gone, or no longer the caller's to see) above ends it at once.
  if (query.isError && query.data === undefined) {
    return (
      <>
        <RoutePageHeader />
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (query.data === undefined) {
    return (
      <>
        <RoutePageHeader />
        <Stack gap="sm" aria-busy="true">
          {skeletons.map((height, i) => (
            <Skeleton key={i} height={height} radius={height < 100 ? "md" : "lg"} />
          ))}
        </Stack>
      </>
    );
  }
  return null;
}
