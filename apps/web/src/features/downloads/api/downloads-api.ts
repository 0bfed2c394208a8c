// GET /api/downloads: what this server offers; the files themselves are public links.
import type { Download, DownloadFile, DownloadType } from "@dsbot/protocol";
import { downloadRoutes } from "@dsbot/protocol";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const downloadsKeys = { all: ["downloads"] as const };

export const downloadsQueryOptions = queryOptions({
  queryKey: downloadsKeys.all,
  queryFn: ({ signal }) => api.call(downloadRoutes.list, { signal }),
});

/** The file of one type; a type missing from the answer counts as "nothing to offer". */
export function downloadFileOf(downloads: readonly Download[], type: DownloadType): DownloadFile | null {
  return downloads.find((download) => download.type === type)?.file ?? null;
}
