// "Vorlage anlegen": a name; the new template opens with no steps.
import { builderTemplateNameSchema } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useCreateTemplate } from "../api/templates-api";
import { templateTexts as texts } from "../texts";

const nameForm = z.object({ name: builderTemplateNameSchema });

function CreateTemplateForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const { control, handleSubmit, setError } = useForm<{ name: string }>({ resolver: zodResolver(nameForm), defaultValues: { name: "" } });
  const submit = handleSubmit(async ({ name }) => {
    try {
      const { template } = await create.mutateAsync({ name, steps: [] });
      alert.success(texts.created(template.name));
      onDone();
      void navigate(paths.templateDetail(template.id));
    } catch (error) {
      // A name already taken (409) belongs under the field, like a schema issue.
      if (error instanceof ApiError && error.status === 409) setError("name", { message: error.message });
      else if (!applyServerIssues(error, setError, ["name"])) alertError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextField control={control} name="name" label={texts.name} placeholder={texts.namePlaceholder} autoComplete="off" required data-autofocus />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CreateTemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.create} closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && <CreateTemplateForm onDone={onClose} />}
    </Modal>
  );
}
