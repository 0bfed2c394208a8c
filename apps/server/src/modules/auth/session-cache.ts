// Resolved web sessions in memory, so an authenticated REST request costs no database round trip.
// An entry (user row, session id, absolute expiry, last recorded use) is keyed by the token's
// SHA-256 and trusted only while its last recorded use is under SESSION_TOUCH_INTERVAL_MS old:
// then the idle expiry cannot have passed, and the next request reads the row again and records the
// use, as before the cache (at most one read and one write per session and minute). Everything that
// ends or alters a session earlier is announced (session-changes.ts) and forgotten here at once;
// while the announcements might be missed (PostgreSQL listener down) nothing is trusted.
import { errorMessages } from "@dsbot/protocol";
import type { Database, DatabaseHandle } from "../../db/client.js";
import type { UserRow } from "../../db/schema.js";
import type { SessionChange } from "./session-changes.js";
import { subscribeSessionChanges } from "./session-changes.js";
import type { SessionListener, SessionListenerOptions } from "./session-listener.js";
import { startSessionListener } from "./session-listener.js";
import { checkTokenHash, SESSION_TOUCH_INTERVAL_MS } from "./sessions.service.js";
import type { TokenCheck } from "./sessions.service.js";
import { hashToken } from "./tokens.js";

export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export type SessionCheck = { ok: true; user: UserRow; sessionId: number } | { ok: false; message: string };

interface CachedSession {
  user: UserRow;
  sessionId: number;
  expiresAt: number;
  lastUsedAt: number;
}

export interface SessionCacheOptions {
  maxEntries?: number;
  /** False until something guarantees the announcements arrive (the PostgreSQL listener). */
  trusted?: boolean;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** One database lookup per token at a time; concurrent requests share it. */
  private readonly inflight = new Map<string, Promise<TokenCheck>>();
  /** Bumped by every change: a lookup that overlapped one may be stale and is not stored. */
  private generation = 0;
  private trusted: boolean;
  private readonly maxEntries: number;

  constructor(
    private readonly db: Database,
    options: SessionCacheOptions = {},
  ) {
    this.trusted = options.trusted ?? true;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  }

  get size(): number {
    return this.entries.size;
  }

  get isTrusted(): boolean {
    return this.trusted;
  }

  /** The same answers as `checkToken`, from memory when the entry can be trusted. */
  async check(token: string | undefined, now = Date.now()): Promise<SessionCheck> {
    if (!token) return { ok: false, message: errorMessages.unauthorized };
    const hash = hashToken(token);
    const hit = this.trusted ? this.entries.get(hash) : undefined;
    if (hit) {
      if (now < hit.expiresAt && now - hit.lastUsedAt < SESSION_TOUCH_INTERVAL_MS) {
        return { ok: true, user: { ...hit.user }, sessionId: hit.sessionId };
      }
      this.entries.delete(hash);
    }
    const result = await this.load(hash);
    return result.ok ? { ok: true, user: { ...result.user }, sessionId: result.session.id } : result;
  }

  /** Forget what a change may have altered; also drops lookups in flight, so later requests read afresh. */
  invalidate(change: SessionChange): void {
    this.generation += 1;
    this.inflight.clear();
    if ("all" in change) {
      this.entries.clear();
      return;
    }
    const matches =
      "userId" in change
        ? (entry: CachedSession) => entry.user.id === change.userId
        : ((ids: Set<number>) => (entry: CachedSession) => ids.has(entry.sessionId))(new Set(change.sessionIds));
    for (const [hash, entry] of this.entries) {
      if (matches(entry)) this.entries.delete(hash);
    }
  }

  /** Trust starts and ends with a clean slate: changes may have been missed in between. */
  setTrusted(trusted: boolean): void {
    this.invalidate({ all: true });
    this.trusted = trusted;
  }

  private load(hash: string): Promise<TokenCheck> {
    const pending = this.inflight.get(hash);
    if (pending) return pending;
    const generation = this.generation;
    const lookup = checkTokenHash(this.db, hash)
      .then((result) => {
        if (result.ok && this.trusted && generation === this.generation) this.store(hash, result.user, result.session);
        return result;
      })
      .finally(() => {
        if (this.inflight.get(hash) === lookup) this.inflight.delete(hash);
      });
    this.inflight.set(hash, lookup);
    return lookup;
  }

  private store(hash: string, user: UserRow, session: { id: number; expiresAt: Date; lastUsedAt: Date }): void {
    // Re-inserting moves the entry to the end, so the first key is the one verified longest ago.
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, {
      user,
      sessionId: session.id,
      expiresAt: session.expiresAt.getTime(),
      lastUsedAt: session.lastUsedAt.getTime(),
    });
  }
}

export interface SessionCacheHandle {
  cache: SessionCache;
  /** The PostgreSQL listener; null on PGlite, where every instance lives in this process. */
  listener: SessionListener | null;
  close: () => Promise<void>;
}

/**
 * The cache of one app instance: it hears this process's changes on `database.db` and, on
 * PostgreSQL, the other instances' through its own listening connection; until that listens, it
 * answers from the database only. Waits up to `readyTimeoutMs` for the first LISTEN.
 */
export async function openSessionCache(
  database: Pick<DatabaseHandle, "db" | "newClient">,
  log: SessionListenerOptions["log"],
  readyTimeoutMs = 5000,
): Promise<SessionCacheHandle> {
  const { newClient } = database;
  const cache = new SessionCache(database.db, { trusted: !newClient });
  const unsubscribe = subscribeSessionChanges(database.db, (change) => cache.invalidate(change));
  const listener = newClient
    ? startSessionListener({
        connect: newClient,
        onChange: (change) => cache.invalidate(change),
        onListening: () => cache.setTrusted(true),
        onLost: () => cache.setTrusted(false),
        log,
      })
    : null;
  if (listener) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([listener.whenListening(), new Promise((resolve) => (timer = setTimeout(resolve, readyTimeoutMs)))]);
    clearTimeout(timer);
  }
  return {
    cache,
    listener,
    close: async () => {
      unsubscribe();
      await listener?.close();
    },
  };
}
