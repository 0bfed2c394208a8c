// The Userscript: what it does, the served file (version, size, SHA-256, download) and the install steps:
// Tampermonkey, the file, this server's address in the script's settings, pairing on Dsbot Auth.
import type { DownloadFile } from "@dsbot/protocol";
import { Alert, Anchor, Badge, List, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconBrowser } from "@tabler/icons-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { downloadsTexts } from "../texts";
import { CopyableCode } from "./copyable-code";
import { DownloadCard } from "./download-card";
import { FileDetails } from "./file-details";

const t = downloadsTexts.userscript;

export interface UserscriptCardProps {
  file: DownloadFile | null;
  /** Address of this server as the script must reach it (its settings). */
  serverUrl: string;
  apiBase: string;
  highlighted: boolean;
}

function InstallSteps({ fileName, serverUrl }: { fileName: string; serverUrl: string }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="h3" m={0}>
        {t.installTitle}
      </Text>
      <List type="ordered" size="sm" spacing="md" styles={{ itemWrapper: { width: "100%" }, itemLabel: { width: "100%" } }}>
        <List.Item>
          {t.steps.manager}{" "}
          <Anchor fz="inherit" href="https://www.tampermonkey.net" target="_blank" rel="noreferrer">
            {t.steps.managerLink}
          </Anchor>
        </List.Item>
        <List.Item>{t.steps.install(fileName)}</List.Item>
        <List.Item>
          <Stack gap={6}>
            <span>{t.steps.server}</span>
            <CopyableCode value={serverUrl} copyLabel={t.copyServer} kind="address" />
            <span>
              {t.steps.pairConfirm}{" "}
              <Anchor fz="inherit" component={Link} to={paths.dsbotAuth}>
                {t.steps.pairConfirmLink}
              </Anchor>
              . {t.steps.pairHint}
            </span>
          </Stack>
        </List.Item>
        <List.Item>{t.steps.use}</List.Item>
      </List>
    </Stack>
  );
}

export function UserscriptCard({ file, serverUrl, apiBase, highlighted }: UserscriptCardProps) {
  return (
    <DownloadCard
      title={t.title}
      icon={<IconBrowser size={22} />}
      description={t.description}
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
