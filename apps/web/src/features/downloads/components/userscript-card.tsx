// The Userscript: what it will do. It ships with the tab requests; until the server serves a file,
// the card says so and offers no download.
import type { DownloadFile } from "@dsbot/protocol";
import { Alert, Badge } from "@mantine/core";
import { IconBrowser, IconClockHour4 } from "@tabler/icons-react";
import { downloadsTexts } from "../texts";
import { DownloadCard } from "./download-card";
import { FileDetails } from "./file-details";

const t = downloadsTexts.userscript;

export interface UserscriptCardProps {
  file: DownloadFile | null;
  apiBase: string;
  highlighted: boolean;
}

export function UserscriptCard({ file, apiBase, highlighted }: UserscriptCardProps) {
  return (
    <DownloadCard
      title={t.title}
      icon={<IconBrowser size={22} />}
      description={t.description}
      highlighted={highlighted}
      badge={<Badge variant="light">{downloadsTexts.selected}</Badge>}
    >
      {file ? (
        <FileDetails file={file} href={`${apiBase}${file.url}`} />
      ) : (
        <Alert variant="light" color="blue" icon={<IconClockHour4 size={18} />} title={t.comingTitle}>
          {t.comingText}
        </Alert>
      )}
    </DownloadCard>
  );
}
