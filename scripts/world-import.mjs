// `npm run world:import -- --server die-staemme.de --world de230 <dir>`: imports a world's files
// (village.txt, player.txt, ally.txt, each also .gz, get_config.xml, get_unit_info.xml) through the
// running server's API: logs in as an admin, creates the world when it is unknown, uploads with
// progress and prints the counts. German messages; exit 1 on any failure, 2 on wrong usage.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { parseArgs } from "node:util";

const FILES = ["village.txt", "player.txt", "ally.txt", "get_config.xml", "get_unit_info.xml"];
const REQUIRED = ["village.txt", "player.txt", "ally.txt"];
const CHUNK_BYTES = 256 * 1024;
const numbers = new Intl.NumberFormat("de-DE");
const decimal = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const usage = `Aufruf: npm run world:import -- --server <server> --world <welt> [Optionen] <ordner>

Importiert die Weltdateien aus <ordner> über die API des laufenden Servers:
  village.txt, player.txt, ally.txt (auch als .gz), optional get_config.xml und get_unit_info.xml.

Optionen:
  --server <server>     Spielserver, z. B. die-staemme.de
  --world <welt>        Welt, z. B. de230
  --url <adresse>       Adresse des Servers (Standard: http://127.0.0.1:\${PORT:-3000})
  --username <name>     Administrator (Standard: DSBOT_ADMIN_USERNAME oder admin)
  --password <passwort> sein Passwort (Standard: DSBOT_ADMIN_PASSWORD)
  --help                diese Hilfe`;

class CliError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function readOptions(argv, env) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: "string" },
        world: { type: "string" },
        url: { type: "string" },
        username: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new CliError(`${error.message}\n\n${usage}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const problems = [];
  if (!values.server) problems.push("--server fehlt (z. B. die-staemme.de).");
  if (!values.world) problems.push("--world fehlt (z. B. de230).");
  if (positionals.length !== 1) problems.push("Bitte genau einen Ordner mit den Weltdateien angeben.");
  const password = values.password ?? env.DSBOT_ADMIN_PASSWORD;
  if (!password) problems.push("Passwort fehlt: --password oder DSBOT_ADMIN_PASSWORD setzen.");
  if (problems.length > 0) throw new CliError(`${problems.join("\n")}\n\n${usage}`, 2);
  return {
    server: values.server.trim().toLowerCase(),
    world: values.world.trim().toLowerCase(),
    dir: positionals[0],
    url: (values.url ?? `http://127.0.0.1:${env.PORT || 3000}`).replace(/\/+$/, ""),
    username: values.username ?? env.DSBOT_ADMIN_USERNAME ?? "admin",
    password,
  };
}

/** The world files in the folder, by the name the server expects; other files are left alone. */
function findWorldFiles(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`Der Ordner ${dir} existiert nicht.`);
  const found = [];
  for (const name of FILES) {
    const candidates = [name, `${name}.gz`].filter((file) => existsSync(path.join(dir, file)));
    if (candidates.length > 1) throw new CliError(`Im Ordner liegen ${candidates.join(" und ")} – bitte nur eine der beiden Dateien.`);
    if (candidates[0]) found.push({ name: candidates[0], path: path.join(dir, candidates[0]) });
  }
  const missing = REQUIRED.filter((name) => !found.some((file) => file.name.startsWith(name)));
  if (missing.length > 0) {
    throw new CliError(`Im Ordner ${dir} fehlen: ${missing.map((name) => `${name}[.gz]`).join(", ")}.`);
  }
  return found;
}

const megabytes = (bytes) => `${decimal.format(bytes / 1024 / 1024)} MB`;

/** One HTTP request; `body` is written in chunks so `onProgress(sentBytes)` follows the upload. */
function request(url, { method = "GET", headers = {}, body, onProgress } = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, { method, headers: { accept: "application/json", ...headers, ...(body ? { "content-length": body.length } : {}) } });
    req.on("error", (error) => reject(new CliError(`Der Server ${target.origin} ist nicht erreichbar (${error.code ?? error.message}).`)));
    req.on("response", (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, json });
      });
      response.on("error", reject);
    });
    if (!body) return void req.end();
    let offset = 0;
    const writeNext = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + CHUNK_BYTES);
        offset += chunk.length;
        const sent = offset;
        const more = req.write(chunk, () => onProgress?.(sent));
        if (!more) return void req.once("drain", writeNext);
      }
      req.end();
    };
    writeNext();
  });
}

const serverMessage = (response) => response.json?.error?.message ?? `HTTP ${response.status}`;

function multipart(files) {
  const boundary = `----dsbot-world-import-${randomBytes(8).toString("hex")}`;
  const chunks = [];
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(readFileSync(file.path));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Progress on one line at a terminal, every quarter otherwise (logs stay short); then the import phase. */
function progressPrinter(total, stream) {
  let lastQuarter = -1;
  return (sent) => {
    const percent = Math.floor((sent / total) * 100);
    const line = `Hochladen: ${percent} % (${megabytes(sent)} von ${megabytes(total)})`;
    const quarter = Math.floor(percent / 25);
    if (stream.isTTY) stream.write(`\r${line}${sent >= total ? "\n" : ""}`);
    else if (quarter > lastQuarter) stream.write(`${line}\n`);
    lastQuarter = Math.max(lastQuarter, quarter);
    if (sent >= total) stream.write("Importiere … (der Server prüft und schreibt die Daten)\n");
  };
}

async function login(options) {
  const response = await request(`${options.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ username: options.username, password: options.password })),
  });
  if (response.status !== 200) throw new CliError(`Anmeldung als ${options.username} fehlgeschlagen: ${serverMessage(response)}`);
  if (!response.json.user?.isAdmin) throw new CliError(`${options.username} ist kein Administrator: nur Administratoren dürfen Welten importieren.`);
  return response.json.token;
}

async function findOrCreateWorld(options, auth) {
  const list = await request(`${options.url}/api/worlds`, { headers: auth });
  if (list.status !== 200) throw new CliError(`Die Welten ließen sich nicht laden: ${serverMessage(list)}`);
  const known = list.json.worlds.find((w) => w.server === options.server && w.world === options.world);
  if (known) return known;
  const created = await request(`${options.url}/api/worlds`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ server: options.server, world: options.world })),
  });
  if (created.status !== 201) throw new CliError(`Die Welt ${options.world} (${options.server}) ließ sich nicht anlegen: ${serverMessage(created)}`);
  console.log(`Welt ${options.world} (${options.server}) angelegt.`);
  return created.json.world;
}

async function main(argv = process.argv.slice(2), env = process.env) {
  const options = readOptions(argv, env);
  if (options.help) {
    console.log(usage);
    return;
  }
  const started = performance.now();
  const files = findWorldFiles(options.dir);
  console.log(`Dateien: ${files.map((file) => file.name).join(", ")}`);
  const token = await login(options);
  const auth = { authorization: `Bearer ${token}` };
  try {
    const world = await findOrCreateWorld(options, auth);
    const { body, contentType } = multipart(files);
    const response = await request(`${options.url}/api/worlds/${world.id}/import`, {
      method: "POST",
      headers: { ...auth, "content-type": contentType },
      body,
      onProgress: progressPrinter(body.length, process.stderr),
    });
    if (response.status !== 200) throw new CliError(`Import abgelehnt (HTTP ${response.status}): ${serverMessage(response)} Die bisherigen Daten der Welt bleiben erhalten.`);
    const { imported, durationMs } = response.json;
    const extras = [imported.config ? "Konfiguration" : undefined, imported.unitInfo ? "Einheiten" : undefined].filter(Boolean);
    console.log(
      `Importiert in ${options.world} (${options.server}): ${numbers.format(imported.villages)} Dörfer, ${numbers.format(imported.players)} Spieler, ` +
        `${numbers.format(imported.allies)} Stämme${extras.length ? ` + ${extras.join(" + ")}` : ""}.`,
    );
    console.log(`Dauer: ${decimal.format(durationMs / 1000)} s auf dem Server, ${decimal.format((performance.now() - started) / 1000)} s insgesamt.`);
  } finally {
    await request(`${options.url}/api/auth/logout`, { method: "POST", headers: auth }).catch(() => {});
  }
}

main().catch((error) => {
  console.error(error instanceof CliError ? error.message : `Unerwarteter Fehler: ${error?.stack ?? error}`);
  process.exitCode = error instanceof CliError ? error.exitCode : 1;
});
