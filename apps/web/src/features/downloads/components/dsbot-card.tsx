// The Dsbot runner: what it is, the served file, and the install steps with the commands for this server,
// in the order they work: create the bot, get Node.js and the file, pair, add the bot by its Bot-ID, run.
import { RUNNER_NODE_MAJOR, type DownloadFile } from "@dsbot/protocol";
import { Alert, Anchor, Badge, List, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconRobot } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { downloadsTexts } from "../texts";
import { CopyableCode } from "./copyable-code";
import { DownloadCard } from "./download-card";
import { FileDetails } from "./file-details";

const t = downloadsTexts.dsbot;

export interface DsbotCardProps {
  file: DownloadFile | null;
  /** Address of this server as the runner must reach it (`--server`). */
  serverUrl: string;
  /** Base the file's server-relative URL is resolved against ("" = this page's origin). */
  apiBase: string;
  highlighted: boolean;
}

/** The exact commands for this server and file name. */
export function dsbotCommands(fileName: string, serverUrl: string) {
  const { botId, player, password } = t.placeholders;
  return {
    pair: `node ${fileName} pair --server ${serverUrl}`,
    addBot: `node ${fileName} bots add --id ${botId} --player ${player} --password ${password}`,
    run: `node ${fileName} run`,
    verifyLinux: `sha256sum ${fileName}`,
    verifyMac: `shasum -a 256 ${fileName}`,
    verifyWindows: `Get-FileHash ${fileName}`,
  };
}

/** One install step: what to do, the command to copy, and a hint below it. */
function CommandStep({ title, command, copyLabel, children }: { title: string; command: string; copyLabel: string; children: ReactNode }) {
  return (
    <List.Item>
      <Stack gap={6}>
        <span>{title}</span>
        <CopyableCode value={command} copyLabel={copyLabel} />
        <span>{children}</span>
      </Stack>
    </List.Item>
  );
}

function InstallSteps({ fileName, serverUrl }: { fileName: string; serverUrl: string }) {
  const commands = dsbotCommands(fileName, serverUrl);
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text fw={600} size="sm" component="h3" m={0}>
          {t.installTitle}
        </Text>
        <List type="ordered" size="sm" spacing="md" styles={{ itemWrapper: { width: "100%" }, itemLabel: { width: "100%" } }}>
          <List.Item>
            {t.steps.createBot}{" "}
            <Anchor fz="inherit" component={Link} to={paths.bots}>
              {t.steps.botsLink}
            </Anchor>
          </List.Item>
          <List.Item>
            {t.steps.node(RUNNER_NODE_MAJOR)}{" "}
            <Anchor fz="inherit" href="https://nodejs.org" target="_blank" rel="noreferrer">
              {t.steps.nodeLink}
            </Anchor>
          </List.Item>
          <List.Item>{t.steps.download(fileName)}</List.Item>
          <CommandStep title={t.steps.pair} command={commands.pair} copyLabel={t.copy.pair}>
            {t.steps.pairConfirm}{" "}
            <Anchor fz="inherit" component={Link} to={paths.dsbotAuth}>
              {t.steps.pairConfirmLink}
            </Anchor>
            .
          </CommandStep>
          <CommandStep title={t.steps.addBot} command={commands.addBot} copyLabel={t.copy.addBot}>
            {t.steps.addBotHint}
          </CommandStep>
          <CommandStep title={t.steps.run} command={commands.run} copyLabel={t.copy.run}>
            {t.steps.runHint}
          </CommandStep>
        </List>
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm" component="h3" m={0}>
          {t.verifyTitle}
        </Text>
        <Text size="sm" c="dimmed">
          {t.verifyHint}
        </Text>
        <Text size="xs" c="dimmed">
          {t.verifyLinux}
        </Text>
        <CopyableCode value={commands.verifyLinux} copyLabel={t.copy.verifyLinux} />
        <Text size="xs" c="dimmed">
          {t.verifyMac}
        </Text>
        <CopyableCode value={commands.verifyMac} copyLabel={t.copy.verifyMac} />
        <Text size="xs" c="dimmed">
          {t.verifyWindows}
        </Text>
        <CopyableCode value={commands.verifyWindows} copyLabel={t.copy.verifyWindows} />
      </Stack>
    </Stack>
  );
}

export function DsbotCard({ file, serverUrl, apiBase, highlighted }: DsbotCardProps) {
  return (
    <DownloadCard
      title={t.title}
      icon={<IconRobot size={22} />}
      description={t.description(RUNNER_NODE_MAJOR)}
      highlighted={highlighted}
      badge={<Badge variant="light">{downloadsTexts.selected}</Badge>}
    >
      {file ? (
        <>
          <FileDetails file={file} href={`${apiBase}${file.url}`} />
          <InstallSteps fileName={file.fileName} serverUrl={serverUrl} />
        </>
      ) : (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t.notBuilt}
        </Alert>
      )}
    </DownloadCard>
  );
}
