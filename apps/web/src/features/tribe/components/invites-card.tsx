// "Einladungen" (Anführer): a new invitation (how long it holds, how many may join with it), whose code
// and link show this once with copy buttons; the open ones (hint, by whom, until when, how often used)
// with "Zurückziehen".
import type { TribeInvite } from "@dsbot/protocol";
import { tribeInviteCreateSchema, tribeJoinPath, TRIBE_INVITE_USES_MAX } from "@dsbot/protocol";
import { Alert, Button, Group, NumberInput, Paper, Select, Skeleton, Stack, Table, Text } from "@mantine/core";
import { IconInfoCircle, IconLinkPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { tribeInvitesQueryOptions, useCreateInvite, useRevokeInvite } from "../api/tribes-api";
import { tribeTexts as texts } from "../texts";

function CreatedInvite({ code, onHide }: { code: string; onHide: () => void }) {
  const link = window.location.origin + tribeJoinPath(code);
  return (
    <Paper withBorder radius="md" p="md" data-testid="tribe-invite-created">
      <Stack gap="xs">
        <Text fw={600}>{texts.newInvite}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" w={40}>
            {texts.codeLabel}
          </Text>
          <Text ff="monospace" fw={600} data-testid="tribe-invite-code" style={{ wordBreak: "break-all" }}>
            {code}
          </Text>
          <CopyButton value={code} label={texts.copyCode} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" w={40}>
            {texts.linkLabel}
          </Text>
          <Text size="sm" ff="monospace" data-testid="tribe-invite-link" style={{ wordBreak: "break-all" }}>
            {link}
          </Text>
          <CopyButton value={link} label={texts.copyLink} />
        </Group>
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={16} />} py="xs">
          {texts.shownOnce}
        </Alert>
        <Group justify="flex-end">
          <Button size="xs" variant="subtle" color="gray" onClick={onHide}>
            {texts.hideCode}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CreateInviteForm({ tribeId, onCreated }: { tribeId: number; onCreated: (code: string) => void }) {
  const create = useCreateInvite(tribeId);
  const [hours, setHours] = useState("24");
  const [maxUses, setMaxUses] = useState<string | number>("");
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = tribeInviteCreateSchema.safeParse({ expiresInHours: Number(hours), maxUses: maxUses === "" ? null : Number(maxUses) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const { code } = await create.mutateAsync(parsed.data);
      alert.success(texts.inviteCreated);
      onCreated(code);
    } catch (failure) {
      alertError(failure);
    }
  };

  return (
    <form
      noValidate
      aria-label={texts.createInvite}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={texts.validFor} data={texts.validForOptions} value={hours} onChange={(value) => value && setHours(value)} allowDeselect={false} w={160} />
        <NumberInput
          label={texts.maxUses}
          placeholder={texts.maxUsesPlaceholder}
          title={texts.maxUsesHint}
          value={maxUses}
          onChange={(value) => {
            setMaxUses(value);
            setError(null);
          }}
          min={1}
          max={TRIBE_INVITE_USES_MAX}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          w={160}
        />
        <Button type="submit" leftSection={<IconLinkPlus size={16} />} loading={create.isPending}>
          {texts.createInvite}
        </Button>
      </Group>
    </form>
  );
}

function InviteList({ tribeId }: { tribeId: number }) {
  const query = useQuery(tribeInvitesQueryOptions(tribeId));
  const revoke = useRevokeInvite(tribeId);

  const withdraw = async (invite: TribeInvite) => {
    try {
      await revoke.mutateAsync(invite.id);
      alert.success(texts.revoked);
    } catch (failure) {
      alertError(failure);
    }
  };

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={36} radius="md" />
        <Skeleton height={36} radius="md" />
      </Stack>
    );
  }
  if (query.isError) return <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const invites = query.data.invites;
  if (invites.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {texts.invitesEmpty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table aria-label={texts.invitesLabel} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.inviteColumns.code}</Table.Th>
            <Table.Th>{texts.inviteColumns.createdBy}</Table.Th>
            <Table.Th>{texts.inviteColumns.expiresAt}</Table.Th>
            <Table.Th>{texts.inviteColumns.uses}</Table.Th>
            <Table.Th aria-label={texts.revoke} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.id} data-testid="tribe-invite">
              <Table.Td ff="monospace">{invite.hint}…</Table.Td>
              <Table.Td>{invite.createdBy}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(invite.expiresAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{texts.uses(invite.uses, invite.maxUses)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={texts.revokeLabel(invite.hint)}
                  loading={revoke.isPending && revoke.variables === invite.id}
                  onClick={() => void withdraw(invite)}
                >
                  {texts.revoke}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function InvitesCard({ tribeId }: { tribeId: number }) {
  // The code of the invitation just created: held here only, gone once hidden or the page is left.
  const [code, setCode] = useState<string | null>(null);
  return (
    <SectionCard title={texts.invitesTitle} description={texts.invitesHint}>
      <CreateInviteForm tribeId={tribeId} onCreated={setCode} />
      {code && <CreatedInvite code={code} onHide={() => setCode(null)} />}
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {texts.openInvites}
        </Text>
        <InviteList tribeId={tribeId} />
      </Stack>
    </SectionCard>
  );
}
