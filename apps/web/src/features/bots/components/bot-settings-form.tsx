// The bot's general settings on /bots/:id/config: player, world and notes (PATCH /api/dsbot/:id).
// Only changed fields are sent; player and world are locked while the bot runs, everything for
// users who may see but not manage the bot.
import { BOT_NOTES_MAX, botSettingsSchema, type BotSettings, type BotUpdate, type Dsbot } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Stack, Textarea } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Controller, useForm } from "react-hook-form";
import { WorldFields } from "@/components/account/world-fields";
import { TextField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useSession } from "@/lib/session";
import { useUpdateBot } from "../api/bots-api";
import { botTexts } from "../texts";

const valuesOf = (bot: Dsbot): BotSettings => ({ dsPlayer: { name: bot.dsPlayer.name }, world: { ...bot.world }, notes: bot.notes });

/** What differs from the bot as saved: only that is sent (a running bot keeps its player and world). */
function changesOf(bot: Dsbot, values: BotSettings): BotUpdate {
  const changes: BotUpdate = {};
  if (values.dsPlayer.name !== bot.dsPlayer.name) changes.dsPlayer = values.dsPlayer;
  if (values.world.server !== bot.world.server || values.world.world !== bot.world.world) changes.world = values.world;
  if (values.notes !== bot.notes) changes.notes = values.notes;
  return changes;
}

export function BotSettingsForm({ bot }: { bot: Dsbot }) {
  const user = useSession((state) => state.user);
  const canManage = !!user && (user.isAdmin || user.id === bot.ownerId);
  const running = bot.status !== null && bot.status !== "offline";
  const update = useUpdateBot(bot.id);
  const { control, handleSubmit, reset, setError, formState } = useForm<BotSettings>({
    resolver: zodResolver(botSettingsSchema),
    values: valuesOf(bot),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { dsbot } = await update.mutateAsync(changesOf(bot, values));
      reset(valuesOf(dsbot));
      alert.success(botTexts.settingsSaved);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["dsPlayer.name", "world.server", "world.world", "notes"])) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={botTexts.generalSettings}>
      <Stack gap="md">
        {!canManage ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            {botTexts.settingsReadOnly}
          </Alert>
        ) : running ? (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
            {botTexts.settingsRunning}
          </Alert>
        ) : null}
        <fieldset disabled={!canManage || running} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextField control={control} name="dsPlayer.name" label={botTexts.playerName} placeholder={botTexts.playerNamePlaceholder} />
            <WorldFields control={control} />
          </Stack>
        </fieldset>
        <Controller
          control={control}
          name="notes"
          render={({ field, fieldState }) => (
            <Textarea
              label={botTexts.notes}
              placeholder={botTexts.notesPlaceholder}
              rows={4}
              resize="vertical"
              maxLength={BOT_NOTES_MAX}
              disabled={!canManage}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        {canManage && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
              {botTexts.settingsSave}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
