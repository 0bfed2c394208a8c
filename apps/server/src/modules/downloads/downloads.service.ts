// What /downloads offers: the built runner (apps/runner/dist/dsbot.mjs) and the built userscript
// (apps/userscript/dist/dsbot.user.js), each with its version, size and SHA-256. Size and hash are
// taken from the file itself (not trusted from the manifest), kept in memory with its bytes until the
// file changes, and exactly those bytes are served; the version comes from the manifest its build
// writes next to it (`<file>.json`).
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Download, DownloadFile, DownloadType } from "@dsbot/protocol";
import { downloadFileUrl, downloadTypes, USERSCRIPT_FILE_NAME } from "@dsbot/protocol";

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

/** Where each download's build lies. */
export interface DownloadDirs {
  runnerDir: string;
  userscriptDir: string;
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

/** One built file, read again only when its size or modification time changed. */
function servedFile(type: DownloadType, filePath: string): () => Promise<CachedFile | null> {
  let cached: CachedFile | undefined;
  return async () => {
    let info;
    try {
      info = await stat(filePath);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const key = `${info.size}:${info.mtimeMs}`;
    if (cached?.key === key) return cached;
    const bytes = await readFile(filePath);
    const file: DownloadFile = {
      fileName: path.basename(filePath),
      version: await readVersion(`${filePath}.json`),
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      url: downloadFileUrl(type),
    };
    cached = { key, file, bytes };
    return cached;
  };
}

export function downloadsCatalog(dirs: DownloadDirs): DownloadsCatalog {
  const files: Record<DownloadType, () => Promise<CachedFile | null>> = {
    dsbot: servedFile("dsbot", path.join(dirs.runnerDir, RUNNER_FILE_NAME)),
    userscript: servedFile("userscript", path.join(dirs.userscriptDir, USERSCRIPT_FILE_NAME)),
  };
  const fileOf = (type: DownloadType): Promise<CachedFile | null> => files[type]();

  return {
    async list() {
      return Promise.all(downloadTypes.map(async (type) => ({ type, file: (await fileOf(type))?.file ?? null })));
    },
    file: fileOf,
  };
}
