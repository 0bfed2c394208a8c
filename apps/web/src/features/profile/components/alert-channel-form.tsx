// A new alert channel: Discord (the webhook's address), Telegram (bot token and chat id), a webhook of
// one's own (its address) or an e-mail address (where the server can send mail; confirmed by a code). Checked with the server's own schema, so the German messages are the same;
// the server's refusal of an address (private, a port) shows under its field. A webhook's signing key is
// shown once after it is made.
import type { AlertChannelCreate, AlertChannelKind } from "@dsbot/protocol";
import { alertChannelCreateSchema, alertChannelKindLabels, alertChannelKinds } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Code, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { CopyButton } from "@/components/ui/copy-button";
import { PasswordField, TextField } from "@/components/ui/text-field";
import { alert } from "@/lib/alerts";
import { useClientConfig } from "@/lib/client-config";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useCreateAlertChannel } from "../api/alerts-api";
import { alertTexts as texts } from "../texts";

const fields = z.object({
  kind: z.enum(alertChannelKinds),
  name: z.string(),
  webhookUrl: z.string(),
  botToken: z.string(),
  chatId: z.string(),
  url: z.string(),
  address: z.string(),
});
type FormValues = z.infer<typeof fields>;

function toBody(v: FormValues): AlertChannelCreate {
  if (v.kind === "discord") return { kind: "discord", name: v.name, webhookUrl: v.webhookUrl };
  if (v.kind === "telegram") return { kind: "telegram", name: v.name, botToken: v.botToken, chatId: v.chatId };
  if (v.kind === "email") return { kind: "email", name: v.name, address: v.address };
  return { kind: "webhook", name: v.name, url: v.url };
}

// The server's schema on the body the form makes: its issues land on the same fields.
const formSchema = fields.superRefine((values, ctx) => {
  const result = alertChannelCreateSchema.safeParse(toBody(values));
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});

const empty: FormValues = { kind: "discord", name: "", webhookUrl: "", botToken: "", chatId: "", url: "", address: "" };

export function AlertChannelForm() {
  const create = useCreateAlertChannel();
  const [signingKey, setSigningKey] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const kind = useWatch({ control, name: "kind" });
  const emailAlerts = useClientConfig((state) => state.config?.emailAlerts === true);
  const kinds = alertChannelKinds.filter((k) => k !== "email" || emailAlerts);

  const submit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(toBody(values));
      reset({ ...empty, kind: values.kind });
      setSigningKey(created.signingKey ?? null);
      alert.success(texts.created(created.channel.name));
    } catch (error) {
      if (applyServerIssues(error, setError, ["name", "webhookUrl", "botToken", "chatId", "url", "address"])) return;
      // The address itself was refused (private, a port): under its field.
      if (error instanceof ApiError && error.status === 400 && values.kind === "webhook") setError("url", { type: "server", message: error.message });
      else alertError(error);
    }
  });

  return (
    <Stack gap="sm">
      {signingKey && (
        <Alert color="yellow" title={texts.signingKeyTitle} role="status">
          <Stack gap="xs">
            <Text size="sm">{texts.signingKeyHint}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="signing-key" style={{ wordBreak: "break-all" }}>
                {signingKey}
              </Code>
              <CopyButton value={signingKey} />
            </Group>
            <Group justify="flex-end">
              <Button size="xs" variant="light" onClick={() => setSigningKey(null)}>
                {texts.dismissKey}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.addTitle}>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {texts.addTitle}
          </Text>
          <SegmentedControl
            aria-label={texts.kind}
            value={kind}
            onChange={(value) => setValue("kind", value as AlertChannelKind)}
            data={kinds.map((value) => ({ value, label: alertChannelKindLabels[value] }))}
          />
          <TextField control={control} name="name" label={texts.name} placeholder={texts.namePlaceholder} required />
          {kind === "discord" && <PasswordField control={control} name="webhookUrl" label={texts.webhookUrl} description={texts.webhookUrlHint} autoComplete="off" required />}
          {kind === "telegram" && (
            <>
              <PasswordField control={control} name="botToken" label={texts.botToken} description={texts.botTokenHint} autoComplete="off" required />
              <TextField control={control} name="chatId" label={texts.chatId} description={texts.chatIdHint} required />
            </>
          )}
          {kind === "webhook" && <TextField control={control} name="url" label={texts.url} description={texts.urlHint} placeholder="https://" required />}
          {kind === "email" && <TextField control={control} name="address" type="email" label={texts.address} description={texts.addressHint} autoComplete="email" required />}
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {texts.secretsNote}
            </Text>
            <Button type="submit" loading={create.isPending}>
              {texts.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
