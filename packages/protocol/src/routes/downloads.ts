// The routes of the downloads.
import type { DownloadsResponse } from "../downloads.js";
import type { DownloadType } from "../search.js";
import { get, routePath } from "./route.js";

export const downloadRoutes = {
  /** What this server offers, with version, size and SHA-256. */
  list: get("/api/downloads").returns<DownloadsResponse>(),
  /** The file itself as an attachment (public, for plain links; not JSON). */
  file: get("/api/downloads/:type/file"),
};

/** The file URL of a download type. */
export function downloadFileUrl(type: DownloadType): string {
  return routePath(downloadRoutes.file.path, { type });
}
