// The fuzz suite's plumbing (src/fuzz-routes.test.ts): settings from the environment, what an answer
// must look like, a database fingerprint for "no partial write", and encoders that turn hostile
// strings into what a real HTTP client could actually send.
import { apiErrorCodes } from "@dsbot/protocol";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";

// ---------------------------------------------------------------------------------------------
// Settings

export interface FuzzSettings {
  /** Cases per route (and per socket event and socket). */
  runs: number;
  /** The base seed; every property derives its own from it and its name. */
  seed: number;
  /** Where the seed came from, for the banner. */
  seedSource: "default" | "env" | "random";
  /**
   * Time for all properties together (shrinking included); each gets an even share of what is left,
   * and fast-check stops one that uses up its share. 0 = no limit.
   */
  budgetMs: number;
}

export const DEFAULT_SEED = 20_240_609;

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${value}`);
  return n;
}

/** DSBOT_FUZZ_RUNS, DSBOT_FUZZ_SEED (an integer or "random"), DSBOT_FUZZ_BUDGET_MS. */
export function fuzzSettings(env: NodeJS.ProcessEnv, defaults: { runs: number; budgetMs: number }): FuzzSettings {
  const runs = positiveInt(env.DSBOT_FUZZ_RUNS, defaults.runs);
  const budgetMs = positiveInt(env.DSBOT_FUZZ_BUDGET_MS, defaults.budgetMs);
  const raw = env.DSBOT_FUZZ_SEED?.trim();
  if (!raw) return { runs, seed: DEFAULT_SEED, seedSource: "default", budgetMs };
  if (raw === "random") return { runs, seed: Math.floor(Math.random() * 2 ** 31), seedSource: "random", budgetMs };
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`DSBOT_FUZZ_SEED must be an integer or "random", not ${raw}`);
  return { runs, seed: seed | 0, seedSource: "env", budgetMs };
}

/** Shares a time budget among properties: each gets an even part of what is left when it starts. */
export function timeShares(budgetMs: number, properties: number, minimumMs = 1_000) {
  let endsAt: number | undefined;
  let left = properties;
  return {
    /** The next property's limit in ms (undefined: no limit). */
    next(): number | undefined {
      if (budgetMs <= 0) return undefined;
      endsAt ??= Date.now() + budgetMs;
      const share = (endsAt - Date.now()) / Math.max(1, left);
      left -= 1;
      return Math.max(minimumMs, Math.floor(share));
    },
  };
}

/** A property's own seed: the base seed mixed with its name (FNV-1a), so properties do not share streams. */
export function seedFor(base: number, name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (base ^ hash) | 0;
}

// ---------------------------------------------------------------------------------------------
// What an answer must look like

/** Short, printable text of any value (a 1 MB string must not flood a failure report). */
export function brief(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  const escaped = JSON.stringify(text.length > max ? text.slice(0, max) : text).slice(1, -1);
  return text.length > max ? `${escaped}… (${text.length} chars)` : escaped;
}

const germanHint =
  /[äöüßÄÖÜ]|\b(der|die|das|den|dem|des|ist|sind|nicht|kein\w*|ein\w*|bitte|zu|zum|zur|mit|für|von|oder|und|wurde|darf|muss|gibt|hat|Eingabe|erwartet|erhalten|Zeichen|Ungültig\w*|Wert|Option|Benutzer\w*|Passwort|Sitzung|Anfrage|Adresse|Code|Bot|Runner|Modul|Unbekannt\w*|Zahl\w*|Zeile|Spalte|fehlt|Eintrag|Feld\w*|Angriff\w*)\b/i;
const englishHint =
  /\b(the|must|should|expected|received|invalid|required|cannot|failed|unexpected|unsupported|body|request|not found|too (big|small|many)|error)\b/i;

/** Non-empty, reads like German, and not one of the usual English library messages. */
export function isGermanish(message: unknown): boolean {
  if (typeof message !== "string" || message.trim() === "") return false;
  // Quoted parts name values (enum options, keys, what a user typed), not the language:
  // `erwartet eine von "error"|"info"`, `Unbekannte Spalte „request“`.
  const prose = message.replace(/"[^"]*"|'[^']*'|`[^`]*`|„[^“]*“/g, "");
  return germanHint.test(prose) && !englishHint.test(prose);
}

const leakPattern =
  /\n\s+at |\bat [\w$.<>]+ \(|\b\w*Error:|(?:^|[\s"'(])(?:\/|[A-Za-z]:\\)(?:src|node_modules|dist|home|work|usr|tmp|app)[/\\]|\.(?:ts|js|mjs|cjs):\d+|file:\/\//;

/** A stack trace, an "…Error:" or a source path in a response. */
export function leaks(text: string): string | undefined {
  return leakPattern.exec(text)?.[0];
}

const knownCodes = new Set<string>(apiErrorCodes);

/** Problems with an error answer (4xx): JSON `{ error: { code, message, issues? } }`, German, nothing internal. */
export function errorBodyProblems(status: number, contentType: string | undefined, body: string): string[] {
  const problems: string[] = [];
  if (!contentType?.includes("application/json")) problems.push(`content-type ${contentType ?? "(none)"} is not JSON`);
  const leak = leaks(body);
  if (leak) problems.push(`body leaks ${JSON.stringify(leak)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    problems.push("body is not JSON");
    return problems;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown; issues?: unknown } } | null)?.error;
  if (!error || typeof error !== "object") return [...problems, "no `error` object"];
  if (typeof error.code !== "string" || !knownCodes.has(error.code)) problems.push(`unknown code ${brief(error.code)}`);
  if (error.code === "internal") problems.push("code internal on a 4xx");
  if (!isGermanish(error.message)) problems.push(`message not German: ${brief(error.message)}`);
  if (error.issues !== undefined) {
    if (!Array.isArray(error.issues)) problems.push("issues is not an array");
    else {
      for (const issue of error.issues as { path?: unknown; message?: unknown }[]) {
        if (typeof issue?.path !== "string") problems.push(`issue path ${brief(issue?.path)}`);
        if (!isGermanish(issue?.message)) problems.push(`issue message not German: ${brief(issue?.message)}`);
      }
    }
  }
  if (status === 401 && error.code !== "unauthorized") problems.push(`401 with code ${String(error.code)}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The database fingerprint

/**
 * What a refused request may still write: password guesses and rate-limit counters (that is their
 * job), and "last used/seen/polled" times. Besides, the instance's heartbeat (every 5 s) and the
 * realtime adapter's attachments are written by timers, not by requests. Everything else must be
 * exactly as before.
 */
export const volatileTables = new Set(["login_attempts", "rate_limits", "server_instances", "socket_io_attachments"]);
export const volatileColumns = ["last_used_at", "last_seen_at", "last_polled_at"];

export type Snapshot = Map<string, string>;

/** Every table of the schema (new tables join automatically), minus the volatile ones. */
export function snapshotTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => !volatileTables.has(name))
    .sort();
}

/** One statement: per table its row count and an md5 over all rows (volatile columns removed). */
export function snapshotQuery(tables: string[]): string {
  const drop = `array[${volatileColumns.map((c) => `'${c}'`).join(", ")}]`;
  return tables
    .map(
      (name) =>
        `select '${name}' as t, count(*)::int as n, coalesce(md5(string_agg(r, '|' order by r)), '') as h ` +
        // The alias must not be a column name (villages has a column x).
        `from (select (to_jsonb(snapshot_row) - ${drop})::text as r from "${name}" snapshot_row) s`,
    )
    .join(" union all ");
}

export async function snapshot(db: Database, query: string): Promise<Snapshot> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: { t: string; n: number; h: string }[] };
  return new Map(result.rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

/** The tables whose content differs, with their row counts before → after. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [table, value] of before) {
    const now = after.get(table);
    if (now !== value) changed.push(`${table} (${value.split(":")[0]} → ${now?.split(":")[0] ?? "?"} rows)`);
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Encoders: what a real client could send

/** UTF-8 percent-encoding that also takes lone surrogates (as their raw, invalid 3-byte form). */
export function encodeSegment(text: string): string {
  let out = "";
  for (const char of text) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    }
  }
  return out;
}

export function queryString(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat()) parts.push(`${encodeSegment(key)}=${encodeSegment(item)}`);
  }
  return parts.join("&");
}

/**
 * A header value as it arrives after a real HTTP parser: the string's UTF-8 bytes read as latin1,
 * without the control characters the parser refuses (tab stays).
 */
export function headerValue(text: string): string {
  let out = "";
  for (const char of Buffer.from(text, "utf8").toString("latin1")) {
    const code = char.charCodeAt(0);
    if (code === 9 || (code >= 0x20 && code !== 0x7f)) out += char;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Process-wide failures

export interface ProcessWatch {
  /** Unhandled rejections and uncaught exceptions since `start` (or the last `take`), emptied. */
  take(): string[];
  stop(): void;
}

export function watchProcess(): ProcessWatch {
  let seen: string[] = [];
  const onRejection = (reason: unknown) => seen.push(`unhandledRejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : brief(reason)}`);
  const onException = (error: Error) => seen.push(`uncaughtException: ${error.stack ?? error.message}`);
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return {
    take() {
      const taken = seen;
      seen = [];
      return taken;
    },
    stop() {
      process.off("unhandledRejection", onRejection);
      process.off("uncaughtException", onException);
    },
  };
}
