// "Welt hinzufügen": server and world code, validated by the same schema as POST /api/worlds.
import { defaultWorld, worldCreateSchema, worldLabel, type World } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { WorldFields } from "@/components/account/world-fields";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useCreateWorld } from "../api/worlds-api";
import { worldTexts } from "../texts";

interface FormValues {
  world: World;
}

const emptyForm: FormValues = { world: { server: defaultWorld.server, world: "" } };
/** WorldFields edit `world.server` and `world.world`; the body is the world itself. */
const formSchema = z.object({ world: worldCreateSchema });

export function AddWorldModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateWorld();
  const { control, handleSubmit, reset, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: emptyForm,
  });

  const close = () => {
    reset(emptyForm);
    onClose();
  };

  const submit = handleSubmit(async ({ world }) => {
    try {
      const { world: created } = await create.mutateAsync(world);
      alert.success(worldTexts.created(`${worldLabel(created)} (${created.server})`));
      close();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        const issue = error.issues.find((i) => i.path === "server");
        setError(issue ? "world.server" : "world.world", { type: "server", message: issue?.message ?? error.issues[0]?.message ?? error.message });
        return;
      }
      alertError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={worldTexts.add} size={520} closeButtonProps={{ "aria-label": commonTexts.close }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <WorldFields control={control} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {worldTexts.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {worldTexts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
