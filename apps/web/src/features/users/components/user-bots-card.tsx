// The bots a user owns or was granted (Benutzerdetail, admin), with grant by player search and revoke.
// Grants go through the bot's own permission route, so the user is notified as on the bot page.
import { worldLabel, type UserBot } from "@dsbot/protocol";
import { Anchor, Autocomplete, Button, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { BotStatusBadge } from "@/components/ui/bot-status-badge";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { useDebounced } from "@/lib/debounce";
import { botSuggestionsQueryOptions, userBotsQueryOptions, useUserBotAccess } from "../api/users-api";
import { userTexts as t } from "../texts";

/** Same delay as the list searches. */
const SEARCH_DELAY = 300;

function GrantBotForm({ userId, known }: { userId: number; known: Set<number> }) {
  const [text, setText] = useState("");
  const search = useDebounced(text.trim(), SEARCH_DELAY);
  const suggestions = useQuery({ ...botSuggestionsQueryOptions(search), enabled: search.length > 0 });
  const grant = useUserBotAccess(userId, "POST");
  const options = (suggestions.data?.dsbots ?? [])
    .filter((bot) => !known.has(bot.id))
    .map((bot) => ({ value: String(bot.id), label: `${bot.dsPlayer.name} · ${worldLabel(bot.world)} (#${bot.id})` }));
  const chosen = options.find((option) => option.label === text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    try {
      await grant.mutateAsync(Number(chosen.value));
      alert.success(t.botGrantedDone(chosen.label));
      setText("");
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Autocomplete
          label={t.grantBot}
          description={t.grantBotHint}
          placeholder={t.grantBotPlaceholder}
          data={options.map((option) => option.label)}
          value={text}
          onChange={setText}
          style={{ flex: "1 1 240px" }}
        />
        <Button type="submit" leftSection={<IconUserPlus size={16} />} disabled={!chosen} loading={grant.isPending}>
          {t.grantBotSubmit}
        </Button>
      </Group>
    </form>
  );
}

function BotRows({ bots, onRevoke, revoking }: { bots: UserBot[]; onRevoke: (bot: UserBot) => void; revoking: number | null }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label={t.botsLabel} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.botColumns.player}</Table.Th>
            <Table.Th visibleFrom="sm">{t.botColumns.world}</Table.Th>
            <Table.Th>{t.botColumns.status}</Table.Th>
            <Table.Th>{t.botColumns.access}</Table.Th>
            <Table.Th aria-label={t.revokeBotConfirm} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bots.map((bot) => (
            <Table.Tr key={bot.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.botDetail(bot.id)} size="sm" fw={600}>
                  {bot.dsPlayer.name}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{worldLabel(bot.world)}</Table.Td>
              <Table.Td>
                <BotStatusBadge status={bot.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{bot.grantedAt ? t.botGranted(formatDate(bot.grantedAt)) : t.botOwner}</Text>
              </Table.Td>
              <Table.Td ta="right">
                {bot.access === "granted" && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t.revokeBot(bot.dsPlayer.name)}
                    loading={revoking === bot.id}
                    onClick={() => onRevoke(bot)}
                  >
                    {t.revokeBotConfirm}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function UserBotsCard({ userId, username }: { userId: number; username: string }) {
  const query = useQuery(userBotsQueryOptions(userId));
  const revoke = useUserBotAccess(userId, "DELETE");
  const bots = query.data?.dsbots ?? [];

  const onRevoke = async (bot: UserBot) => {
    const ok = await confirm({ title: t.revokeBotTitle, message: t.revokeBotMessage(bot.dsPlayer.name, username), confirmLabel: t.revokeBotConfirm, danger: true });
    if (!ok) return;
    try {
      await revoke.mutateAsync(bot.id);
      alert.success(t.botRevokedDone(bot.dsPlayer.name));
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={t.botsCard(bots.length)} description={t.botsHint}>
      <Stack gap="md">
        <GrantBotForm userId={userId} known={new Set(bots.map((bot) => bot.id))} />
        {query.isPending && <Skeleton height={80} radius="md" />}
        {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
        {query.isSuccess &&
          (bots.length === 0 ? (
            <Text c="dimmed" size="sm" ta="center" py="md">
              {t.botsEmpty}
            </Text>
          ) : (
            <BotRows bots={bots} onRevoke={(bot) => void onRevoke(bot)} revoking={revoke.isPending ? revoke.variables : null} />
          ))}
      </Stack>
    </SectionCard>
  );
}
