// "Bot anlegen": player name + a world the server knows (the user's own when known) → POST /api/dsbot → detail.
import { botCreateSchema, defaultWorld, type BotCreate } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useKnownWorlds, WorldPick } from "@/components/account/world-pick";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useSession } from "@/lib/session";
import { useCreateBot } from "../api/bots-api";
import { botTexts } from "../texts";

export function CreateBotModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const world = useSession((state) => state.user?.world) ?? defaultWorld;
  const navigate = useNavigate();
  const createBot = useCreateBot();
  const known = useKnownWorlds(opened);
  const emptyForm: BotCreate = { dsPlayer: { name: "" }, world: { ...world } };
  const { control, handleSubmit, reset, setError } = useForm<BotCreate>({
    resolver: zodResolver(botCreateSchema),
    defaultValues: emptyForm,
  });

  const close = () => {
    reset(emptyForm);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const { dsbot } = await createBot.mutateAsync(values);
      alert.success(botTexts.created(dsbot.dsPlayer.name));
      close();
      void navigate(paths.botDetail(dsbot.id));
    } catch (error) {
      if (!applyServerIssues(error, setError, ["dsPlayer.name", "world", "world.server", "world.world"])) alertError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={botTexts.create} size={500} closeButtonProps={{ "aria-label": commonTexts.close }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextField
            control={control}
            name="dsPlayer.name"
            label={botTexts.playerName}
            placeholder={botTexts.playerNamePlaceholder}
            autoComplete="off"
            required
            data-autofocus
          />
          <WorldPick control={control} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {botTexts.cancel}
            </Button>
            <Button type="submit" loading={createBot.isPending} disabled={known.none || known.query.isError}>
              {botTexts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
