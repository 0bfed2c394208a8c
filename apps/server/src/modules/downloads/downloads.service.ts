// What /downloads offers: the built runner file (apps/runner/dist/dsbot.mjs) with its version, size and
// SHA-256. Size and hash are taken from the file itself (not trusted from the manifest), kept in memory
// with its bytes until the file changes, and exactly those bytes are served; the version comes from the manifest the runner build writes next to it.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Download, DownloadFile, DownloadType } from "@dsbot/protocol";
import { downloadFileUrl, downloadTypes } from "@dsbot/protocol";

export const RUNNER_FILE_NAME = "dsbot.mjs";

interface CachedFile {
  key: string;
  file: DownloadFile;
  bytes: Buffer;
}

export interface DownloadsCatalog {
  list(): Promise<Download[]>;
  /** The file of a type with the very bytes its size and hash describe, or null when this server has none. */
  file(type: DownloadType): Promise<{ file: DownloadFile; bytes: Buffer } | null>;
}

async function readVersion(manifestPath: string): Promise<string> {
  try {
    const manifest: unknown = JSON.parse(await readFile(manifestPath, "utf8"));
    const version = (manifest as { version?: unknown } | null)?.version;
    return typeof version === "string" && version.length > 0 ? version : "unbekannt";
  } catch {
    return "unbekannt";
  }
}

export function downloadsCatalog(runnerDir: string): DownloadsCatalog {
  const runnerPath = path.join(runnerDir, RUNNER_FILE_NAME);
  let cached: CachedFile | undefined;

  async function runnerFile(): Promise<CachedFile | null> {
    let info;
    try {
      info = await stat(runnerPath);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const key = `${info.size}:${info.mtimeMs}`;
    if (cached?.key === key) return cached;
    const bytes = await readFile(runnerPath);
    const file: DownloadFile = {
      fileName: RUNNER_FILE_NAME,
      version: await readVersion(`${runnerPath}.json`),
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      url: downloadFileUrl("dsbot"),
    };
    cached = { key, file, bytes };
    return cached;
  }

  /** The userscript arrives with the tab requests: until then there is honestly nothing to download. */
  const fileOf = (type: DownloadType): Promise<CachedFile | null> => (type === "dsbot" ? runnerFile() : Promise.resolve(null));

  return {
    async list() {
      return Promise.all(downloadTypes.map(async (type) => ({ type, file: (await fileOf(type))?.file ?? null })));
    },
    file: fileOf,
  };
}
