// One game player's card: world, "Bot" badge, when saved, the six skills as number inputs (validated
// with the protocol's schema), save / reset, and removing the saved levels after a confirm.
import {
  playerSkillCatalog,
  playerSkillLevelsSchema,
  playerSkillNames,
  supportBoost,
  type PlayerSkillLevels,
  type PlayerSkillName,
  type PlayerSkillsEntry,
} from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconBolt, IconEraser, IconRobot, IconTrash } from "@tabler/icons-react";
import { useId, useMemo } from "react";
import { Controller, useForm, useWatch, type Control } from "react-hook-form";
import { z } from "zod";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { formatDate } from "@/lib/dates";
import { applyServerIssues } from "@/lib/form-errors";
import { useDeletePlayerSkills, useSavePlayerSkills } from "../api/player-skills-api";
import { playerSkillsTexts as texts } from "../texts";
import classes from "./player-skills.module.css";

const formSchema = z.object({ skills: playerSkillLevelsSchema });
type SkillsForm = z.infer<typeof formSchema>;

/** The form's field names are the server's issue paths (`skills.freundschaft`, …). */
const skillFields = playerSkillNames.map((name) => `skills.${name}` as const);

/** `resetOptions` apply to every reset(); a reset by the user or after saving drops the edits. */
const fullReset = { keepDirtyValues: false } as const;

/** The support boost in whole percent from the levels being edited (the saved ones while invalid). */
function boostPercent(freundschaft: unknown, fallback: PlayerSkillLevels): number {
  const parsed = playerSkillLevelsSchema.shape.freundschaft.safeParse(freundschaft);
  return Math.round(supportBoost({ freundschaft: parsed.success ? parsed.data : fallback.freundschaft }) * 100);
}

function SkillInput({ control, name }: { control: Control<SkillsForm>; name: PlayerSkillName }) {
  const info = playerSkillCatalog[name];
  return (
    <Controller
      control={control}
      name={`skills.${name}`}
      render={({ field, fieldState }) => (
        <NumberInput
          label={info.label}
          description={info.description}
          inputWrapperOrder={["label", "input", "description", "error"]}
          name={field.name}
          ref={field.ref}
          value={Number.isFinite(field.value) ? field.value : ""}
          // An emptied input is no number: the schema answers "Eingabe erforderlich".
          onChange={(value) => field.onChange(typeof value === "number" ? value : value === "" ? Number.NaN : Number(value))}
          onBlur={field.onBlur}
          min={0}
          max={info.max}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix={info.unit === "percent" ? " %" : undefined}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function PlayerSkillsCard({ entry }: { entry: PlayerSkillsEntry }) {
  const titleId = useId();
  const save = useSavePlayerSkills();
  const remove = useDeletePlayerSkills();
  const values = useMemo(() => ({ skills: entry.skills }), [entry.skills]);
  const { control, handleSubmit, reset, setError, formState } = useForm<SkillsForm>({
    resolver: zodResolver(formSchema),
    values,
    // A refetch while editing keeps what the user typed.
    resetOptions: { keepDirtyValues: true },
    mode: "onChange",
  });
  const freundschaft = useWatch({ control, name: "skills.freundschaft" });
  const name = entry.playerName;
  const worldText = texts.worldOf(entry.world.world, entry.world.server);

  const submit = handleSubmit(async ({ skills }) => {
    try {
      const { player } = await save.mutateAsync({ playerName: name, world: entry.world, skills });
      reset({ skills: player.skills }, fullReset);
      alert.success(texts.saved(player.playerName));
    } catch (error) {
      if (!applyServerIssues(error, setError, skillFields)) alertError(error);
    }
  });

  const removeSaved = async () => {
    const confirmed = await confirm(
      entry.fromBot
        ? { title: texts.clearTitle, message: texts.clearMessage(name), confirmLabel: texts.clear, danger: true }
        : { title: texts.removeTitle, message: texts.removeMessage(name, worldText), confirmLabel: texts.remove, danger: true },
    );
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ playerName: name, world: entry.world });
      alert.success(entry.fromBot ? texts.cleared(name) : texts.removed(name));
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId} className={classes.card}>
      <form onSubmit={(event) => void submit(event)} noValidate className={classes.form}>
        <Stack gap="md" className={classes.body}>
          <Stack gap={4}>
            <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={2} size="h4" id={titleId} className={classes.name}>
                {name}
              </Title>
              {entry.fromBot && (
                <Tooltip label={texts.botBadgeHint}>
                  <Badge variant="light" color="blue" leftSection={<IconRobot size={12} />} className={classes.badge}>
                    {texts.botBadge}
                  </Badge>
                </Tooltip>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {worldText}
              {" · "}
              {entry.saved && entry.updatedAt ? texts.savedAt(formatDate(entry.updatedAt)) : texts.notSaved}
            </Text>
          </Stack>

          <SimpleGrid type="container" cols={{ base: 1, "340px": 2, "620px": 3 }} spacing="md" verticalSpacing="md" role="group" aria-label={texts.skillsLabel(name)}>
            {playerSkillNames.map((skill) => (
              <SkillInput key={skill} control={control} name={skill} />
            ))}
          </SimpleGrid>

          <Group gap={6} className={classes.boost}>
            <IconBolt size={16} aria-hidden />
            <Text size="sm">{texts.supportBoost(boostPercent(freundschaft, entry.skills))}</Text>
          </Group>

          <Group justify="space-between" gap="sm" className={classes.actions}>
            <div>
              {entry.saved &&
                (entry.fromBot ? (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconEraser size={16} />}
                    aria-label={texts.clearLabel(name)}
                    loading={remove.isPending}
                    onClick={() => void removeSaved()}
                  >
                    {texts.clear}
                  </Button>
                ) : (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    aria-label={texts.removeLabel(name)}
                    loading={remove.isPending}
                    onClick={() => void removeSaved()}
                  >
                    {texts.remove}
                  </Button>
                ))}
            </div>
            <Group gap="sm" className={classes.saveButtons}>
              <Button
                variant="default"
                disabled={!formState.isDirty || save.isPending}
                onClick={() => reset(values, fullReset)}
              >
                {texts.reset}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
                {texts.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
