// `npm run backup -- --out <file> [--force]`: one backup file of the configured database, also while
// the server runs (modules/backup). German output; exit code 0 or 1.
import { formatBytes, KIND_NAMES, takeBackup } from "../modules/backup/index.js";
import { parse, runCommand, UsageError, userPath } from "./cli-run.js";

const usage = `Aufruf: npm run backup -- --out <datei> [--force]

Schreibt eine Sicherung der Datenbank in eine Datei, auch während der Server läuft:
  - eingebettete Datenbank (PGlite, ohne DATABASE_URL): ein gepackter Abzug von <DSBOT_DATA_DIR>/pglite
    (gzip-Tar). Läuft der Server, erstellt er ihn selbst (über <DSBOT_DATA_DIR>/dsbot-control.sock),
    sonst öffnet dieser Befehl die Datenbank.
  - PostgreSQL (DATABASE_URL): pg_dump im Custom-Format (pg_dump muss installiert sein).

Optionen:
  --out <datei>   Zieldatei, z. B. dsbot.tar.gz (PGlite) oder dsbot.dump (PostgreSQL)
  --force         eine vorhandene Datei überschreiben
  --help          diese Hilfe

Es gelten dieselben Einstellungen wie für den Server (DSBOT_DATA_DIR, DATABASE_URL).
Zurückspielen: npm run restore -- <datei>`;

const via = { server: "vom laufenden Server erstellt", direct: "Server läuft nicht, direkt erstellt", pg_dump: "mit pg_dump" } as const;

runCommand(usage, async (args, config) => {
  const { values, positionals } = parse(args, { out: { type: "string", short: "o" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } });
  if (values.help) return console.log(usage);
  if (!values.out) throw new UsageError("--out fehlt: wohin soll die Sicherung?");
  if (positionals.length > 0) throw new UsageError(`Unerwartet: ${positionals.join(" ")}`);
  const started = performance.now();
  const result = await takeBackup(config(), userPath(values.out), values.force ?? false);
  const seconds = ((performance.now() - started) / 1000).toLocaleString("de-DE", { maximumFractionDigits: 1 });
  console.log(`Sicherung geschrieben: ${result.file}`);
  console.log(`${KIND_NAMES[result.kind]}, ${formatBytes(result.bytes)}, ${via[result.via]}, ${seconds} s.`);
});
