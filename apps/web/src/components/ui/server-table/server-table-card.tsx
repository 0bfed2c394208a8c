// The card of a server-paged list: its toolbar, the table (or the load error with a retry, or the
// list's blank state), what goes under the table (a bulk bar) and the pagination.
import { Card, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api-error-message";
import { ErrorState } from "../states";
import { TablePagination, type TablePaginationProps } from "../table-pagination";
import classes from "./server-table.module.css";

export interface ServerTableCardProps {
  toolbar?: ReactNode;
  /** The list's query: a failed load with nothing on screen shows its error instead of the table. */
  query: Pick<UseQueryResult<unknown>, "isError" | "data" | "error" | "refetch">;
  /** Instead of the table: the list has nothing at all (no filter narrowed it). */
  blank?: ReactNode;
  /** Under the table, above the pagination. */
  below?: ReactNode;
  pagination: TablePaginationProps;
  /** The table. */
  children: ReactNode;
}

export function ServerTableCard({ toolbar, query, blank, below, pagination, children }: ServerTableCardProps) {
  let body = children;
  if (query.isError && !query.data) {
    body = (
      <div className={classes.section}>
        <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  } else if (blank) {
    body = <div className={classes.section}>{blank}</div>;
  }
  return (
    <Card padding={0}>
      <Stack gap={0}>
        {toolbar}
        {body}
        {below}
        <div className={classes.footer}>
          <TablePagination {...pagination} />
        </div>
      </Stack>
    </Card>
  );
}
