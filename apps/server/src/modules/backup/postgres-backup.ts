// PostgreSQL's backups: pg_dump in its custom format, pg_restore into an empty database. Both run as
// child processes (the event loop stays free); the password travels in PGPASSWORD, never on a command
// line that `ps` shows.
import { spawn } from "node:child_process";
import { open, rm, stat } from "node:fs/promises";
import pg from "pg";
import { BackupError, finishBackupFile, partialPath, refuseExisting, writeFailure } from "./backup-files.js";

type Tool = "pg_dump" | "pg_restore";

/** The database's URL without its password, and the password for the child's environment. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The URL for messages: without its password. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** Runs a PostgreSQL client program; its stderr's end becomes the German error when it fails. */
function run(tool: Tool, args: string[], url: string): Promise<string> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors = (errors + chunk).slice(-4000)));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") return reject(new BackupError(`${tool} ließ sich nicht starten: ${error.message}`));
      reject(
        new BackupError(
          `${tool} wurde nicht gefunden. Für Sicherungen mit PostgreSQL die Client-Programme installieren ` +
            `(z. B. apt install postgresql-client, Hauptversion wie der Server oder neuer), sodass ${tool} im PATH liegt.`,
        ),
      );
    });
    child.on("close", (code, signal) => {
      if (code === 0) return resolve(output);
      reject(new BackupError(`${tool} ist fehlgeschlagen (${signal ?? `Exit-Code ${code}`}): ${errors.trim() || "keine Meldung"}`));
    });
  });
}

/** pg_dump --format=custom of the database into `target`, through a temporary file (mode 0600). */
export async function pgDump(url: string, target: string, force: boolean): Promise<{ bytes: number }> {
  await refuseExisting(target, force);
  const partial = partialPath(target);
  try {
    // Created first with mode 0600: pg_dump truncates it and keeps the mode.
    await (await open(partial, "wx", 0o600)).close();
    await run("pg_dump", ["--format=custom", "--no-password", `--file=${partial}`], url);
  } catch (error) {
    await rm(partial, { force: true });
    throw error instanceof BackupError ? error : writeFailure(target, error);
  }
  const { size } = await stat(partial);
  await finishBackupFile(partial, target, force);
  return { bytes: size };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "dsbot-restore" });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Die Datenbank ${redactedUrl(url)} ist nicht erreichbar: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables outside PostgreSQL's own schemas. */
async function tableCount(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'",
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function hasInstancesTable(client: pg.Client): Promise<boolean> {
  const table = await client.query<{ t: string | null }>("select to_regclass('public.server_instances')::text as t");
  return Boolean(table.rows[0]?.t);
}

/** dsbot instances that beat within the last 20 s (modules/instances): a restore under them would break them. */
async function liveInstances(client: pg.Client): Promise<number> {
  if (!(await hasInstancesTable(client))) return 0;
  const result = await client.query<{ n: string }>("select count(*) as n from public.server_instances where heartbeat_at > now() - interval '20 seconds'");
  return Number(result.rows[0]?.n ?? 0);
}

/** The schemas the dsbot database consists of: its tables and functions, and drizzle's migrations table. */
const SCHEMAS = ["public", "drizzle"] as const;

/**
 * Restores a pg_dump (custom format) into the database: into an empty one, or with `force` in place of
 * its content. With `force` the schemas `public` and `drizzle` are first moved aside (renamed) and new
 * empty ones restored into, so nothing of the old state stays (also tables a newer version added); the
 * old ones are dropped once the restore succeeded and put back when it failed. pg_restore runs in one
 * transaction without owners (`--no-owner`), so a failed restore leaves nothing half done.
 */
export async function pgRestore(url: string, file: string, force: boolean): Promise<void> {
  const suffix = `_before_restore_${Date.now()}`;
  const moved = await withClient(url, async (client) => {
    const live = await liveInstances(client);
    if (live > 0) throw new BackupError(`Auf ${redactedUrl(url)} laufen noch ${live} dsbot-Instanzen: vor der Wiederherstellung alle beenden (auch mit --force).`);
    const tables = await tableCount(client);
    if (tables === 0) return [] as string[];
    if (!force) throw new BackupError(`Die Datenbank ${redactedUrl(url)} ist nicht leer (${tables} Tabellen). Mit --force wird ihr Inhalt durch die Sicherung ersetzt.`);
    const present = (await client.query<{ nspname: string }>("select nspname from pg_namespace where nspname = any($1)", [SCHEMAS])).rows.map((r) => r.nspname);
    await client.query("begin");
    for (const schema of present) await client.query(`alter schema "${schema}" rename to "${schema}${suffix}"`);
    await client.query('create schema "public"');
    await client.query('grant usage on schema "public" to public');
    await client.query("commit");
    return present;
  });
  try {
    await run("pg_restore", ["--no-owner", "--single-transaction", "--exit-on-error", "--no-password", file], url);
  } catch (error) {
    if (moved.length > 0) {
      await withClient(url, async (client) => {
        await client.query("begin");
        for (const schema of SCHEMAS) await client.query(`drop schema if exists "${schema}" cascade`);
        for (const schema of moved) await client.query(`alter schema "${schema}${suffix}" rename to "${schema}"`);
        await client.query("commit");
      });
    }
    throw error;
  }
  await withClient(url, async (client) => {
    for (const schema of moved) await client.query(`drop schema "${schema}${suffix}" cascade`);
    // The restored rows name the instances of the database the backup came from; none of them runs here
    // (the first instance to start then drops their socket rows, modules/instances).
    if (await hasInstancesTable(client)) await client.query("delete from public.server_instances");
  });
}
