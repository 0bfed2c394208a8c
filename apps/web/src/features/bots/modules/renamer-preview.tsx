// The Umbenenner's page shows what it would change, following the form as it is typed: the bot's
// villages with their new names and its upcoming incoming attacks with their new tags
// (renamer-preview-model.ts), so the player sees it before switching the module on.
import type { RenamerPreviewResponse } from "@dsbot/protocol";
import { Card, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { renamerPreviewQueryOptions } from "../api/module-data-api";
import { botTexts } from "../texts";
import { useBotVillages, useModuleBotId } from "./bot-villages";
import { patternValid, previewIncomings, previewVillages, type RenamerPreviewConfig } from "./renamer-preview-model";

const texts = botTexts.renamerPreview;
/** Rows shown per table; the rest is counted. */
const ROWS_MAX = 50;

function Note({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function More({ n }: { n: number }) {
  return n > 0 ? <Note>{texts.more(n)}</Note> : null;
}

function VillagesSection({ config }: { config: RenamerPreviewConfig }) {
  const villages = useBotVillages();
  if (!config.renameVillages) return <Note>{texts.villagesOff}</Note>;
  if (!patternValid("villagePattern", config.villagePattern)) return <Note>{texts.patternInvalid}</Note>;
  if (!villages) return <Note>{texts.villagesUnknown}</Note>;
  const { renames, same, numbered } = previewVillages(config, villages);
  return (
    <Stack gap="xs">
      {numbered && <Note>{texts.numbered(numbered.mask, numbered.first)}</Note>}
      {renames.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={texts.villagesLabel} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.columns.village}</Table.Th>
                <Table.Th>{texts.columns.next}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {renames.slice(0, ROWS_MAX).map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{`${r.name} (${r.coordinates})`}</Table.Td>
                  <Table.Td>{r.tooShort ? `${r.newName} – ${texts.tooShort}` : r.newName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <More n={renames.length - ROWS_MAX} />
      {same > 0 && <Note>{texts.villagesSame(same)}</Note>}
    </Stack>
  );
}

function IncomingsTable({ pattern, preview }: { pattern: string; preview: RenamerPreviewResponse }) {
  const { incomings, more, timeZone } = preview;
  if (incomings.length === 0) return <Note>{texts.incomingsNone}</Note>;
  const rows = previewIncomings(pattern, incomings.slice(0, ROWS_MAX), timeZone);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label={texts.incomingsLabel} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.columns.incoming}</Table.Th>
              <Table.Th>{texts.columns.current}</Table.Th>
              <Table.Th>{texts.columns.next}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{`${row.from} → ${row.to}`}</Table.Td>
                <Table.Td>{row.label ?? texts.noLabel}</Table.Td>
                <Table.Td>{row.tag}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <More n={incomings.length - rows.length + more} />
      <Note>{texts.incomingsUnit}</Note>
    </Stack>
  );
}

function IncomingsSection({ botId, config }: { botId: number; config: RenamerPreviewConfig }) {
  const query = useQuery({ ...renamerPreviewQueryOptions(botId), enabled: config.tagIncomings });
  if (!config.tagIncomings) return <Note>{texts.incomingsOff}</Note>;
  if (!patternValid("incomingPattern", config.incomingPattern)) return <Note>{texts.patternInvalid}</Note>;
  if (query.isError) return <Note>{texts.incomingsFailed}</Note>;
  if (!query.data) return <Note>{texts.incomingsLoading}</Note>;
  return <IncomingsTable pattern={config.incomingPattern} preview={query.data} />;
}

/** Inside the module form (reads its values); nothing outside a bot's module page. */
export function RenamerPreview() {
  const botId = useModuleBotId();
  const config = useWatch() as RenamerPreviewConfig;
  if (botId === null) return null;
  return (
    <Card>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {texts.title}
          </Title>
          <Note>{texts.hint}</Note>
        </Stack>
        <Title order={3} size="h5">
          {texts.villages}
        </Title>
        <VillagesSection config={config} />
        <Title order={3} size="h5">
          {texts.incomings}
        </Title>
        <IncomingsSection botId={botId} config={config} />
      </Stack>
    </Card>
  );
}
