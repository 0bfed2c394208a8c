// No tribe on the current world: "Stamm gründen" (name, tag, the in-game tribe) and "Stamm beitreten"
// (the invitation code, filled in from /tribe/join/:code) side by side, stacked on phones.
import type { TribeDetail, World } from "@dsbot/protocol";
import { tribeCreateSchema, tribeJoinSchema, worldLabel } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { IconLogin2, IconUsersPlus } from "@tabler/icons-react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { SectionCard } from "@/components/ui/section-card";
import { TextField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useCreateTribe, useJoinTribe } from "../api/tribes-api";
import { tribeTexts as texts } from "../texts";
import { AllySelect } from "./ally-select";

const createSchema = z.object({
  name: tribeCreateSchema.shape.name,
  tag: tribeCreateSchema.shape.tag,
  gameAllyId: z.number().int().positive().nullable(),
});
type CreateValues = z.input<typeof createSchema>;

function CreateTribeCard({ world, onDone }: { world: World; onDone: (tribe: TribeDetail) => void }) {
  const create = useCreateTribe();
  const { control, handleSubmit, setError } = useForm<CreateValues, unknown, z.output<typeof createSchema>>({
    resolver: zodResolver(createSchema),
    defaultValues: { name: "", tag: "", gameAllyId: null },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { tribe } = await create.mutateAsync(values);
      alert.success(texts.created(tribe.name));
      onDone(tribe);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["name", "tag", "gameAllyId"])) alertError(error);
    }
  });
  return (
    <SectionCard title={texts.createTitle} description={`${texts.createHint} (${worldLabel(world)})`}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.createTitle}>
        <Stack gap="md">
          <TextField control={control} name="name" label={texts.name} placeholder={texts.namePlaceholder} autoComplete="off" />
          <TextField control={control} name="tag" label={texts.tag} placeholder={texts.tagPlaceholder} autoComplete="off" maw={220} />
          <Controller
            control={control}
            name="gameAllyId"
            render={({ field, fieldState }) => (
              <AllySelect world={world} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUsersPlus size={16} />} loading={create.isPending}>
              {texts.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

const joinSchema = z.object({ code: tribeJoinSchema.shape.code });
type JoinValues = z.input<typeof joinSchema>;

function JoinTribeCard({ code, onDone }: { code: string; onDone: (tribe: TribeDetail) => void }) {
  const join = useJoinTribe();
  const { control, handleSubmit, setError } = useForm<JoinValues, unknown, z.output<typeof joinSchema>>({
    resolver: zodResolver(joinSchema),
    defaultValues: { code },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { tribe } = await join.mutateAsync(values);
      alert.success(texts.joined(tribe.name));
      onDone(tribe);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["code"])) alertError(error);
    }
  });
  return (
    <SectionCard title={texts.joinTitle} description={texts.joinHint}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.joinTitle}>
        <Stack gap="md">
          <TextField
            control={control}
            name="code"
            label={texts.code}
            placeholder={texts.codePlaceholder}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconLogin2 size={16} />} loading={join.isPending}>
              {texts.join}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

export interface TribeStartProps {
  world: World;
  /** From /tribe/join/:code. */
  code?: string;
  onDone: (tribe: TribeDetail) => void;
}

export function TribeStart({ world, code = "", onDone }: TribeStartProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <CreateTribeCard world={world} onDone={onDone} />
      {/* A new code in the address starts the form over with it. */}
      <JoinTribeCard key={code} code={code} onDone={onDone} />
    </SimpleGrid>
  );
}
