// "Spieler hinzufügen": name + world (default: the user's world). Adding saves the player with all
// levels at 0 (its first PUT); a name already listed on that world is refused without a request.
import {
  defaultWorld,
  emptyPlayerSkillLevels,
  playerSkillsSaveSchema,
  type PlayerSkillsEntry,
} from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Grid, Group, Stack } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { WorldFields } from "@/components/account/world-fields";
import { SectionCard } from "@/components/ui/section-card";
import { TextField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useSession } from "@/lib/session";
import { playerKey, useSavePlayerSkills } from "../api/player-skills-api";
import { playerSkillsTexts as texts } from "../texts";

const addPlayerSchema = playerSkillsSaveSchema.pick({ playerName: true, world: true });
type AddPlayerForm = z.input<typeof addPlayerSchema>;
type AddPlayerValues = z.output<typeof addPlayerSchema>;

export function AddPlayerCard({ players }: { players: readonly PlayerSkillsEntry[] }) {
  const userWorld = useSession((state) => state.user?.world);
  const save = useSavePlayerSkills();
  const initial = useMemo<AddPlayerForm>(() => ({ playerName: "", world: { ...(userWorld ?? defaultWorld) } }), [userWorld]);
  const { control, handleSubmit, reset, setError } = useForm<AddPlayerForm, unknown, AddPlayerValues>({
    resolver: zodResolver(addPlayerSchema),
    values: initial,
  });

  const submit = handleSubmit(async ({ playerName, world }) => {
    const known = new Set(players.map((p) => playerKey(p.world, p.playerName)));
    if (known.has(playerKey(world, playerName))) {
      setError("playerName", { type: "duplicate", message: texts.duplicate(playerName, world.world) });
      return;
    }
    try {
      const { player } = await save.mutateAsync({ playerName, world, skills: emptyPlayerSkillLevels });
      reset(initial);
      alert.success(texts.added(player.playerName));
    } catch (error) {
      if (!applyServerIssues(error, setError, ["playerName", "world.server", "world.world"])) alertError(error);
    }
  });

  return (
    <SectionCard title={texts.addCard} description={texts.addHint}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.addCard}>
        <Stack gap="md">
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <TextField control={control} name="playerName" label={texts.playerName} placeholder={texts.playerNamePlaceholder} autoComplete="off" required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <WorldFields control={control} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={save.isPending}>
              {texts.add}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
