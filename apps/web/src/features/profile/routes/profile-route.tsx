// Profil (/profile): account info, world, password, own sessions and own runners, alert channels.
import { worldLabel } from "@dsbot/protocol";
import { Grid, Stack } from "@mantine/core";
import { RoleBadge } from "@/components/account/role-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { InfoList } from "@/components/ui/info-list";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { SectionCard } from "@/components/ui/section-card";
import { formatDate } from "@/lib/dates";
import { useSession } from "@/lib/session";
import { AlertChannelsCard } from "../components/alert-channels-card";
import { PasswordForm } from "../components/password-form";
import { RunnersCard } from "../components/runners-card";
import { SessionsCard } from "../components/sessions-card";
import { WorldForm } from "../components/world-form";
import { profileTexts } from "../texts";

export function ProfileRoute() {
  const user = useSession((state) => state.user);
  if (!user) return <RoutePageHeader />;

  return (
    <>
      <RoutePageHeader />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <SectionCard title={profileTexts.accountCard}>
              <InfoList
                items={[
                  { label: profileTexts.username, value: <>{user.username}<CopyButton value={user.username} size="sm" /></> },
                  { label: profileTexts.role, value: <RoleBadge role={user.role} /> },
                  { label: profileTexts.world, value: `${worldLabel(user.world)} · ${user.world.server}` },
                  { label: profileTexts.createdAt, value: formatDate(user.createdAt) },
                ]}
              />
            </SectionCard>
            <SectionCard title={profileTexts.worldCard} description={profileTexts.worldHint}>
              <WorldForm user={user} />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard title={profileTexts.passwordCard} description={profileTexts.passwordHint}>
              <PasswordForm />
            </SectionCard>
            <SessionsCard />
            <RunnersCard />
            <AlertChannelsCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
