// Benutzer (/users, admin): searchable, sortable, paged user list with create and delete.
import type { User } from "@dsbot/protocol";
import { Button, Group, TextInput } from "@mantine/core";
import { IconSearch, IconUserPlus, IconWorld } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ServerTableCard } from "@/components/ui/server-table/server-table-card";
import { useServerTable, useServerTableState } from "@/components/ui/server-table/use-server-table";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/session";
import { useConfirmDeleteUser } from "../api/delete-user";
import { usersQueryOptions } from "../api/users-api";
import { CreateUserModal } from "../components/create-user-modal";
import { UsersTable, type UserSortBy } from "../components/users-table";
import { userTexts } from "../texts";
import classes from "./users-route.module.css";

export function UsersRoute() {
  const currentUserId = useSession((state) => state.user?.id);
  const [creating, setCreating] = useState(false);
  const confirmDelete = useConfirmDeleteUser();

  const state = useServerTableState<UserSortBy>({ perPage: 10, sortBy: "username" });
  const searchVal = state.searchVal.trim();
  const list = useServerTable({
    state,
    query: usersQueryOptions({ activePage: state.activePage, perPage: state.perPage, searchVal, sortBy: state.sortBy }),
    rows: (data) => data.users,
  });

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
      <ServerTableCard
        query={list.query}
        pagination={list.pagination}
        toolbar={
          <div className={classes.toolbar}>
            <TextInput
              aria-label={userTexts.searchLabel}
              placeholder={userTexts.searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              value={list.search.value}
              onChange={(event) => list.search.onChange(event.currentTarget.value)}
              maw={360}
            />
          </div>
        }
      >
        <UsersTable
          users={list.rows}
          loading={list.query.isFetching}
          sortBy={list.sortBy}
          onSortByChange={list.onSortByChange}
          currentUserId={currentUserId}
          onDelete={onDelete}
          emptyText={searchVal ? userTexts.emptySearch(searchVal) : userTexts.empty}
        />
      </ServerTableCard>
      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
