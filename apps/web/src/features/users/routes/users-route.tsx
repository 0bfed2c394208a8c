// Benutzer (/users, admin): searchable, sortable, paged user list with create and delete.
import type { User, UserSortField } from "@dsbot/protocol";
import { Button, Card, Group, Stack, TextInput } from "@mantine/core";
import { IconSearch, IconUserPlus, IconWorld } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SortingState } from "@tanstack/react-table";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { TablePagination } from "@/components/ui/table-pagination";
import { errorMessage } from "@/lib/api-error-message";
import { useDebounced } from "@/lib/debounce";
import { useSession } from "@/lib/session";
import { useConfirmDeleteUser } from "../api/delete-user";
import { usersQueryOptions, type UserListParams } from "../api/users-api";
import { CreateUserModal } from "../components/create-user-modal";
import { UsersTable } from "../components/users-table";
import { userTexts } from "../texts";
import classes from "./users-route.module.css";

/** List searches are sent 300 ms after typing stops. */
export const LIST_SEARCH_DELAY = 300;

export function toSortBy(sorting: SortingState): UserListParams["sortBy"] {
  const first = sorting[0];
  if (!first) return "username";
  const field = first.id as UserSortField;
  return first.desc ? `-${field}` : field;
}

export function UsersRoute() {
  const currentUserId = useSession((state) => state.user?.id);
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebounced(search.trim(), LIST_SEARCH_DELAY);
  const [sorting, setSorting] = useState<SortingState>([{ id: "username", desc: false }]);
  const [activePage, setActivePage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDeleteUser();

  const params: UserListParams = { activePage, perPage, searchVal: debouncedSearch, sortBy: toSortBy(sorting) };
  const query = useQuery({ ...usersQueryOptions(params), placeholderData: keepPreviousData });
  const users = query.data?.users ?? [];
  const totals = query.data?.totals ?? 0;

  const onDelete = useCallback((user: User) => void confirmDelete(user.id), [confirmDelete]);

  return (
    <>
      <RoutePageHeader
        actions={
          <Group gap="sm">
            <Button component={Link} to={paths.worlds} variant="default" leftSection={<IconWorld size={18} />}>
              {userTexts.worlds}
            </Button>
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
              {userTexts.create}
            </Button>
          </Group>
        }
      />
      <Card padding={0}>
        <Stack gap={0}>
          <div className={classes.toolbar}>
            <TextInput
              aria-label={userTexts.searchLabel}
              placeholder={userTexts.searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setActivePage(1);
              }}
              maw={360}
            />
          </div>
          {query.isError && !query.data ? (
            <div className={classes.toolbar}>
              <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
            </div>
          ) : (
            <UsersTable
              users={users}
              loading={query.isFetching}
              sorting={sorting}
              onSortingChange={(next) => {
                setSorting(next);
                setActivePage(1);
              }}
              currentUserId={currentUserId}
              onDelete={onDelete}
              emptyText={debouncedSearch ? userTexts.emptySearch(debouncedSearch) : userTexts.empty}
            />
          )}
          <div className={classes.footer}>
            <TablePagination
              activePage={activePage}
              perPage={perPage}
              totals={totals}
              onPageChange={setActivePage}
              onPerPageChange={(next) => {
                setPerPage(next);
                setActivePage(1);
              }}
            />
          </div>
        </Stack>
      </Card>
      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
