// The user list table: username (link), role, world, created, actions; server-side sort.
import { worldLabel, type User, type UserSortField } from "@dsbot/protocol";
import { ActionIcon, Anchor, Avatar, Badge, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";
import { RoleBadge } from "@/components/account/role-badge";
import { DataTable } from "@/components/ui/data-table";
import { useDataTable } from "@/components/ui/server-table/use-data-table";
import { Tooltip } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/dates";
import type { UserListParams } from "../api/users-api";
import { userTexts } from "../texts";

export type UserSortBy = UserListParams["sortBy"];

export const sortableUserColumns: readonly UserSortField[] = ["username", "role", "createdAt"];

interface UsersTableProps {
  users: User[];
  loading: boolean;
  sortBy: UserSortBy;
  onSortByChange: (sortBy: UserSortBy) => void;
  currentUserId: number | undefined;
  onDelete: (user: User) => void;
  emptyText: string;
}

function buildColumns(currentUserId: number | undefined, onDelete: (user: User) => void): ColumnDef<User>[] {
  return [
    {
      accessorKey: "username",
      header: userTexts.columns.username,
      cell: ({ row }) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar size={30} radius="xl" color={row.original.isAdmin ? "ember" : "blue"} variant="light">
            {row.original.username.charAt(0).toUpperCase()}
          </Avatar>
          <Anchor component={Link} to={paths.userDetail(row.original.id)} fw={600} c="gray.0" underline="hover">
            {row.original.username}
          </Anchor>
          {row.original.id === currentUserId && (
            <Badge size="xs" variant="outline" color="gray">
              {userTexts.you}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessorKey: "role",
      header: userTexts.columns.role,
      cell: ({ row }) => <RoleBadge role={row.original.role} />,
    },
    {
      id: "world",
      header: userTexts.columns.world,
      enableSorting: false,
      cell: ({ row }) => (
        <div>
          <Text size="sm" fw={500}>
            {worldLabel(row.original.world)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.world.server}
          </Text>
        </div>
      ),
    },
    {
      accessorKey: "createdAt",
      header: userTexts.columns.createdAt,
      cell: ({ row }) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {formatDate(row.original.createdAt)}
        </Text>
      ),
    },
    {
      id: "actions",
      header: () => <VisuallyHidden>{userTexts.columns.actions}</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 64 },
      cell: ({ row }) => {
        const self = row.original.id === currentUserId;
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={self ? userTexts.cannotDeleteSelf : userTexts.deleteRow(row.original.username)}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={userTexts.deleteRow(row.original.username)}
                disabled={self}
                onClick={() => onDelete(row.original)}
              >
                <IconTrash size={17} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];
}

export function UsersTable({ users, loading, sortBy, onSortByChange, currentUserId, onDelete, emptyText }: UsersTableProps) {
  const columns = useMemo(() => buildColumns(currentUserId, onDelete), [currentUserId, onDelete]);
  const table = useDataTable({ data: users, columns, getRowId: (row) => String(row.id), sortBy, onSortByChange });

  return (
    <DataTable
      table={table}
      loading={loading}
      label={userTexts.tableLabel}
      minWidth={680}
      empty={
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      }
    />
  );
}
