// Access to a bot per user: the list of granted users, grant by username and revoke.
import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { AccessList, AccessRow } from "@/components/access/access-list";
import { SectionCard } from "@/components/ui/section-card";
import { botPermissionsQueryOptions, useRevokePermission } from "../api/bots-api";
import { botTexts } from "../texts";
import { GrantAccessForm } from "./grant-access-form";

export function BotAccessCard({ botId }: { botId: number }) {
  const permissions = useQuery(botPermissionsQueryOptions(botId));
  const revoke = useRevokePermission(botId);

  return (
    <SectionCard title={botTexts.access} description={botTexts.accessHint}>
      <Stack gap="md">
        <GrantAccessForm botId={botId} />
        <AccessList
          grants={permissions.data?.permissions ?? []}
          label={botTexts.accessLabel}
          emptyText={permissions.isLoading ? "…" : botTexts.accessEmpty}
          gap={6}
        >
          {(grant) => <AccessRow key={grant.userId} grant={grant} texts={botTexts} revoke={() => revoke.mutateAsync(grant.userId)} />}
        </AccessList>
      </Stack>
    </SectionCard>
  );
}
