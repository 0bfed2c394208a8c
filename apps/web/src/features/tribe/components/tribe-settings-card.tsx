// "Einstellungen" (Anführer): name, tag and the in-game tribe (PATCH /api/tribes/:id), and
// "Stamm auflösen" after a red confirmation.
import type { TribeDetail } from "@dsbot/protocol";
import { tribeCreateSchema } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Divider, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { TextField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useDissolveTribe, useUpdateTribe } from "../api/tribes-api";
import { tribeTexts as texts } from "../texts";
import { AllySelect } from "./ally-select";

const settingsSchema = z.object({
  name: tribeCreateSchema.shape.name,
  tag: tribeCreateSchema.shape.tag,
  gameAllyId: z.number().int().positive().nullable(),
});
type SettingsValues = z.input<typeof settingsSchema>;

const valuesOf = (tribe: TribeDetail): SettingsValues => ({ name: tribe.name, tag: tribe.tag, gameAllyId: tribe.gameAlly?.id ?? null });

export function TribeSettingsCard({ tribe, onDissolved }: { tribe: TribeDetail; onDissolved: () => void }) {
  const update = useUpdateTribe(tribe.id);
  const dissolve = useDissolveTribe(tribe.id);
  const { control, handleSubmit, reset, setError, formState } = useForm<SettingsValues, unknown, z.output<typeof settingsSchema>>({
    resolver: zodResolver(settingsSchema),
    defaultValues: valuesOf(tribe),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { tribe: saved } = await update.mutateAsync(values);
      reset(valuesOf(saved));
      alert.success(texts.settingsSaved);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["name", "tag", "gameAllyId"])) alertError(error);
    }
  });

  const dissolveTribe = async () => {
    const confirmed = await confirm({ title: texts.dissolveTitle, message: texts.dissolveMessage(tribe.name), confirmLabel: texts.dissolveConfirm, danger: true });
    if (!confirmed) return;
    try {
      await dissolve.mutateAsync();
      alert.success(texts.dissolved(tribe.name));
      onDissolved();
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={texts.settingsTitle} description={texts.settingsHint}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.settingsTitle}>
        <Stack gap="md">
          <TextField control={control} name="name" label={texts.name} autoComplete="off" />
          <TextField control={control} name="tag" label={texts.tag} autoComplete="off" maw={220} />
          <Controller
            control={control}
            name="gameAllyId"
            render={({ field, fieldState }) => (
              <AllySelect world={tribe.world} value={field.value} onChange={field.onChange} initial={tribe.gameAlly} error={fieldState.error?.message} />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={420}>
          {texts.dissolveHint}
        </Text>
        <Button color="red" leftSection={<IconTrash size={16} />} loading={dissolve.isPending} onClick={() => void dissolveTribe()}>
          {texts.dissolve}
        </Button>
      </Group>
    </SectionCard>
  );
}
