// One tribe: its header (name, tag, world, the caller's role, the in-game tribe), the board of every
// member's incomings (Stammes-Eingänge), the members, the caller's own settings, and for the Anführer the
// invitations and the tribe's settings.
import type { TribeDetail } from "@dsbot/protocol";
import { worldLabel } from "@dsbot/protocol";
import { Badge, Card, Grid, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { SectionCard } from "@/components/ui/section-card";
import { useSession } from "@/lib/session";
import { tribeTexts as texts } from "../texts";
import { InvitesCard } from "./invites-card";
import { MembersTable, TribeRoleBadge } from "./members-table";
import { MySettingsCard } from "./my-settings-card";
import { TribeBoard } from "./tribe-board";
import { TribeSettingsCard } from "./tribe-settings-card";

function TribeHeader({ tribe }: { tribe: TribeDetail }) {
  return (
    <Card data-testid="tribe-header">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {tribe.name} <Text span c="dimmed" inherit>[{tribe.tag}]</Text>
          </Title>
          <Text size="sm" c="dimmed">
            {texts.world} {worldLabel(tribe.world)} · {tribe.world.server} · {texts.memberCount(tribe.memberCount)}
          </Text>
          <Text size="sm">
            {texts.gameAllyLabel}:{" "}
            {tribe.gameAlly ? (
              <Text span fw={600} inherit>
                {tribe.gameAlly.name} [{tribe.gameAlly.tag}]
              </Text>
            ) : (
              <Text span c="dimmed" inherit>
                {texts.gameAllyNone}
              </Text>
            )}
          </Text>
        </Stack>
        {tribe.myRole ? (
          <Group gap="xs" aria-label={texts.myRole}>
            <Text size="sm" c="dimmed">
              {texts.myRole}
            </Text>
            <TribeRoleBadge role={tribe.myRole} />
          </Group>
        ) : (
          <Badge variant="light" color="blue" radius="sm">
            {texts.adminView}
          </Badge>
        )}
      </Group>
    </Card>
  );
}

export interface TribeViewProps {
  tribe: TribeDetail;
  /** After leaving or dissolving: the caller is no longer in it. */
  onLeft: () => void;
}

export function TribeView({ tribe, onLeft }: TribeViewProps) {
  const userId = useSession((state) => state.user?.id);
  const me = tribe.members.find((m) => m.userId === userId);
  const leader = tribe.myRole === "leader";
  return (
    <Stack gap="lg">
      <TribeHeader tribe={tribe} />
      <TribeBoard tribe={tribe} />
      <SectionCard title={texts.membersTitle} description={texts.memberCount(tribe.members.length)}>
        <MembersTable tribe={tribe} manage={leader} />
      </SectionCard>
      <Grid gap="lg">
        {me && (
          <Grid.Col span={{ base: 12, lg: leader ? 5 : 6 }}>
            {/* A new answer about the caller (realtime, another tab) starts the form over. */}
            <MySettingsCard key={`${me.troopSharing}:${me.playerName ?? ""}`} tribe={tribe} me={me} onLeft={onLeft} />
          </Grid.Col>
        )}
        {leader && (
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <InvitesCard tribeId={tribe.id} />
              <TribeSettingsCard key={`${tribe.name}:${tribe.tag}:${tribe.gameAlly?.id ?? ""}`} tribe={tribe} onDissolved={onLeft} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

/** While the tribe loads. */
export function TribeViewSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton height={110} radius="lg" />
      <Skeleton height={260} radius="lg" />
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}
