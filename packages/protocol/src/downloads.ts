// Downloads: `GET /api/downloads` lists what this server offers; the file itself is
// `GET /api/downloads/{type}/file`. The Dsbot runner is one JavaScript file that plain Node runs.
import { z } from "zod";
import { downloadTypes } from "./search.js";

/** Node major the runner file needs (it is built for this target). */
export const RUNNER_NODE_MAJOR = 20;

export const downloadFileSchema = z.object({
  /** What the browser saves it as, e.g. `dsbot.mjs`. */
  fileName: z.string(),
  version: z.string(),
  /** Bytes of the file as served. */
  size: z.number().int().nonnegative(),
  /** Lower-case hex SHA-256 of the file as served. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Server-relative URL of the file (`/api/downloads/{type}/file`). */
  url: z.string(),
});
export type DownloadFile = z.infer<typeof downloadFileSchema>;

export const downloadSchema = z.object({
  type: z.enum(downloadTypes),
  /** Null when this server has nothing to offer for this type (not built, or not shipped yet). */
  file: downloadFileSchema.nullable(),
});
export type Download = z.infer<typeof downloadSchema>;

export const downloadsResponseSchema = z.object({ downloads: z.array(downloadSchema) });
export type DownloadsResponse = z.infer<typeof downloadsResponseSchema>;

export const downloadTypeParamsSchema = z.object({ type: z.enum(downloadTypes) });
