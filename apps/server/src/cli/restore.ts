// `npm run restore -- [--force] <file>`: restores a backup (`npm run backup`) into the configured
// database, which must be empty unless --force (modules/backup). German output; exit code 0 or 1.
import { KIND_NAMES, restoreBackup } from "../modules/backup/index.js";
import { parse, runCommand, UsageError, userPath } from "./cli-run.js";

const usage = `Aufruf: npm run restore -- [--force] <datei>

Spielt eine Sicherung (npm run backup) in die eingestellte Datenbank zurück. Die Art der Datei wird an
ihren ersten Bytes erkannt und muss zur Einstellung passen:
  - Abzug der eingebetteten Datenbank (gzip-Tar) → <DSBOT_DATA_DIR>/pglite; der Server muss beendet sein.
  - pg_dump im Custom-Format → die Datenbank aus DATABASE_URL (pg_restore muss installiert sein);
    alle dsbot-Instanzen auf ihr müssen beendet sein.
Die Ziel-Datenbank muss leer sein. Beim nächsten Start bringt der Server sie wie immer auf den Stand
seiner Migrationen (auch eine Sicherung einer älteren Version).

Optionen:
  --force   eine vorhandene Datenbank durch die Sicherung ersetzen (ihr Inhalt geht dabei verloren)
  --help    diese Hilfe

Es gelten dieselben Einstellungen wie für den Server (DSBOT_DATA_DIR, DATABASE_URL).`;

runCommand(usage, async (args, config) => {
  const { values, positionals } = parse(args, { force: { type: "boolean" }, help: { type: "boolean", short: "h" } });
  if (values.help) return console.log(usage);
  if (positionals.length !== 1) throw new UsageError("Bitte genau eine Sicherungsdatei angeben.");
  const result = await restoreBackup(config(), userPath(positionals[0]!), values.force ?? false);
  console.log(`Wiederhergestellt: ${result.file} → ${KIND_NAMES[result.kind]}.`);
  console.log("Der nächste Start des Servers bringt die Datenbank auf den Stand seiner Migrationen.");
});
