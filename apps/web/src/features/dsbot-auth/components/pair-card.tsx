// Approve (or deny) the pairing code a runner shows; `?code=` from the runner's link prefills it.
import { deviceApproveSchema, normalizeUserCode } from "@dsbot/protocol";
import { Alert, Button, Code, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { SectionCard } from "@/components/ui/section-card";
import { paths } from "@/config/paths";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useApproveCode, useDenyCode } from "../api/dsbot-auth-api";
import { dsbotAuthTexts as t } from "../texts";

/** Answers about the code itself (unknown, expired, used) belong under the field, not in a toast. */
function codeError(error: unknown): string | null {
  return error instanceof ApiError && [400, 404, 409, 410].includes(error.status) ? error.message : null;
}

export function PairCard() {
  const [params, setParams] = useSearchParams();
  const linkCode = params.get("code") ?? "";
  const [code, setCode] = useState(() => normalizeUserCode(linkCode));
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveCode();
  const deny = useDenyCode();
  const busy = approve.isPending || deny.isPending;

  const validCode = (): string | null => {
    const parsed = deviceApproveSchema.safeParse({ userCode: code });
    if (parsed.success) return parsed.data.userCode;
    setError(parsed.error.issues[0]?.message ?? null);
    return null;
  };

  const done = () => {
    setCode("");
    setError(null);
    if (params.has("code")) {
      params.delete("code");
      setParams(params, { replace: true });
    }
  };

  const onFailure = (failure: unknown) => {
    const message = codeError(failure);
    if (message) setError(message);
    else alertError(failure);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const userCode = validCode();
    if (!userCode) return;
    try {
      const { runner } = await approve.mutateAsync({ userCode });
      alert.success(runner.scope === "userscript" ? t.approvedUserscript(runner.name) : t.approved(runner.name));
      done();
    } catch (failure) {
      onFailure(failure);
    }
  };

  const reject = async () => {
    const userCode = validCode();
    if (!userCode) return;
    try {
      await deny.mutateAsync({ userCode });
      alert.info(t.denied);
      done();
    } catch (failure) {
      onFailure(failure);
    }
  };

  const origin = window.location.origin;
  return (
    <SectionCard title={t.pairCard} description={t.pairHint}>
      <Stack gap="lg">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            {linkCode && code && <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>{t.prefilled}</Alert>}
            <TextInput
              label={t.codeLabel}
              placeholder={t.codePlaceholder}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value.toUpperCase());
                setError(null);
              }}
              error={error}
              aria-required
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              size="md"
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.12em" } }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void reject()} disabled={busy} loading={deny.isPending}>
                {t.deny}
              </Button>
              <Button type="submit" disabled={busy} loading={approve.isPending}>
                {t.approve}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t.stepsTitle}
          </Text>
          <List type="ordered" size="sm" spacing="xs">
            <List.Item>
              {t.steps.download}{" "}
              <Button component={Link} to={`${paths.downloads}?script=dsbot`} variant="subtle" size="compact-sm" leftSection={<IconDownload size={14} />}>
                {t.downloadLink}
              </Button>
            </List.Item>
            <List.Item>
              {t.steps.pair} <Code>{`node dsbot.mjs pair --server ${origin}`}</Code>
            </List.Item>
            <List.Item>{t.steps.enter}</List.Item>
            <List.Item>
              {t.steps.add} <Code>{"node dsbot.mjs bots add --id <Bot-ID> --player <Spielername> --password <Passwort>"}</Code>
            </List.Item>
            <List.Item>
              {t.steps.run} <Code>node dsbot.mjs run</Code>
            </List.Item>
          </List>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
