// Benutzerdetail (/users/:id, admin): account info, role & world, password reset, sessions, runners,
// bots (owned and granted, with grant and revoke), delete.
import { roleLabels, worldLabel } from "@dsbot/protocol";
import { Button, Grid, Skeleton, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { RoleBadge } from "@/components/account/role-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { InfoList } from "@/components/ui/info-list";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState, NotFoundState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { useSession } from "@/lib/session";
import { useConfirmDeleteUser } from "../api/delete-user";
import { userKeys, userQueryOptions } from "../api/users-api";
import { UserBotsCard } from "../components/user-bots-card";
import { UserEditForm } from "../components/user-edit-form";
import { UserPasswordForm } from "../components/user-password-form";
import { UserRunnersCard } from "../components/user-runners-card";
import { UserSessionsCard } from "../components/user-sessions-card";
import { userTexts } from "../texts";

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <>
      <RoutePageHeader />
      <NotFoundState
        title={userTexts.notFound}
        action={
          <Button variant="light" onClick={() => void navigate(paths.users)}>
            {userTexts.backToList}
          </Button>
        }
      />
    </>
  );
}

function DetailSkeleton() {
  return (
    <>
      <RoutePageHeader />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton height={260} radius={15} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton height={260} radius={15} />
        </Grid.Col>
      </Grid>
    </>
  );
}

function UserDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const currentUserId = useSession((state) => state.user?.id);
  const query = useQuery(userQueryOptions(id));
  const confirmDelete = useConfirmDeleteUser();

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <>
        <RoutePageHeader />
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </>
    );
  }

  const { user, sessions, runners } = query.data;
  const self = user.id === currentUserId;
  const remove = async () => {
    if (!(await confirmDelete(user.id))) return;
    await navigate(paths.users, { replace: true });
    client.removeQueries({ queryKey: userKeys.detail(user.id) });
  };

  return (
    <>
      <RoutePageHeader title={user.username} subtitle={`${roleLabels[user.role]} · ${worldLabel(user.world)} · ${user.world.server}`} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <SectionCard title={userTexts.accountCard}>
              <InfoList
                items={[
                  { label: userTexts.username, value: <>{user.username}<CopyButton value={user.username} size="sm" /></> },
                  { label: userTexts.role, value: <RoleBadge role={user.role} /> },
                  { label: userTexts.columns.world, value: `${worldLabel(user.world)} · ${user.world.server}` },
                  { label: userTexts.createdAt, value: formatDate(user.createdAt) },
                  { label: userTexts.id, value: <Text size="sm" ff="monospace">{user.id}</Text> },
                ]}
              />
            </SectionCard>
            <SectionCard title={userTexts.passwordCard} description={userTexts.passwordHint}>
              <UserPasswordForm userId={user.id} />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard title={userTexts.editCard} description={userTexts.editHint}>
              <UserEditForm user={user} />
            </SectionCard>
            <UserSessionsCard userId={user.id} sessions={sessions} runnerCount={runners.length} />
            <UserRunnersCard userId={user.id} username={user.username} runners={runners} />
            <UserBotsCard userId={user.id} username={user.username} />
            <SectionCard
              danger
              title={userTexts.dangerCard}
              description={self ? userTexts.cannotDeleteSelf : userTexts.dangerHint}
              action={
                <Button color="red" leftSection={<IconTrash size={16} />} disabled={self} onClick={() => void remove()}>
                  {userTexts.deleteUser}
                </Button>
              }
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

export function UserDetailRoute() {
  const id = parseId(useParams().id);
  return id === null ? <NotFound /> : <UserDetail key={id} id={id} />;
}
