// `npm run backup` and `npm run restore` (cli/backup.ts, cli/restore.ts): one backup file of the
// configured database, and its restore into an empty one. The file's kind is told by its first bytes and
// must match the configured database.
import path from "node:path";
import type { Config } from "../../core/config.js";
import { MEMORY_URL } from "../../db/client.js";
import type { BackupKind } from "./backup-files.js";
import { BackupError, detectBackupKind, KIND_NAMES, refuseExisting } from "./backup-files.js";
import { requestBackup } from "./control-channel.js";
import { backupPgliteDirectly, restorePglite } from "./pglite-backup.js";
import { pgDump, pgRestore } from "./postgres-backup.js";

type DatabaseConfig = Pick<Config, "dataDir" | "databaseUrl">;

export interface BackupResult {
  kind: BackupKind;
  file: string;
  bytes: number;
  /** Who dumped: the running server (control socket), this process on the stopped data directory, or pg_dump. */
  via: "server" | "direct" | "pg_dump";
}

function configuredKind(config: DatabaseConfig): BackupKind {
  if (config.databaseUrl === MEMORY_URL) {
    throw new BackupError("DATABASE_URL=memory:// ist eine flüchtige Datenbank im Speicher: sie lässt sich weder sichern noch wiederherstellen.");
  }
  return config.databaseUrl ? "postgres" : "pglite";
}

/** Writes one backup of the configured database to `target`; an existing file only with `force`. */
export async function takeBackup(config: DatabaseConfig, target: string, force: boolean): Promise<BackupResult> {
  const kind = configuredKind(config);
  const file = path.resolve(target);
  await refuseExisting(file, force);
  if (kind === "postgres") return { kind, file, via: "pg_dump", ...(await pgDump(config.databaseUrl!, file, force)) };
  // PGlite is one process's database: a running server dumps it itself.
  const answered = await requestBackup(config.dataDir, file, force);
  if (answered) return { kind, file, via: "server", ...answered };
  return { kind, file, via: "direct", ...(await backupPgliteDirectly(config.dataDir, file, force)) };
}

/** Restores `file` into the configured database: an empty one, or with `force` replacing its content. */
export async function restoreBackup(config: DatabaseConfig, source: string, force: boolean): Promise<{ kind: BackupKind; file: string }> {
  const configured = configuredKind(config);
  const file = path.resolve(source);
  const kind = await detectBackupKind(file);
  if (kind !== configured) {
    const hint = configured === "postgres" ? "Sie lässt sich nur ohne DATABASE_URL wiederherstellen." : "Für PostgreSQL DATABASE_URL auf die Ziel-Datenbank setzen.";
    throw new BackupError(`Die Datei ${file} ist eine Sicherung für ${KIND_NAMES[kind]}, eingestellt ist aber ${KIND_NAMES[configured]}. ${hint}`);
  }
  if (kind === "postgres") await pgRestore(config.databaseUrl!, file, force);
  else await restorePglite(file, config.dataDir, force);
  return { kind, file };
}
