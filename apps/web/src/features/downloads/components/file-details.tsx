// Version, size, SHA-256 (copyable) and the download link of one served file.
import type { DownloadFile } from "@dsbot/protocol";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { InfoList } from "@/components/ui/info-list";
import { Tooltip } from "@/components/ui/tooltip";
import { formatBytes, formatFileSize } from "../format";
import { downloadsTexts } from "../texts";
import { CopyableCode } from "./copyable-code";

const t = downloadsTexts.file;

export interface FileDetailsProps {
  file: DownloadFile;
  /** The file's absolute or page-relative address (the API base before the server-relative URL). */
  href: string;
}

export function FileDetails({ file, href }: FileDetailsProps) {
  return (
    <Stack gap="md">
      <InfoList
        items={[
          { label: t.fileName, value: file.fileName },
          { label: t.version, value: file.version },
          {
            label: t.size,
            value: (
              <Tooltip label={t.sizeBytes(formatBytes(file.size))}>
                <span>{formatFileSize(file.size)}</span>
              </Tooltip>
            ),
          },
        ]}
      />
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t.sha256}
        </Text>
        <CopyableCode value={file.sha256} copyLabel={t.copySha} kind="hash" />
      </Stack>
      <Group justify="flex-end">
        <Button
          component="a"
          href={href}
          download={file.fileName}
          leftSection={<IconDownload size={18} />}
        >
          {t.download}
        </Button>
      </Group>
    </Stack>
  );
}
