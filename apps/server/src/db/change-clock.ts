// A clock of the embedded database's commits that changed what some statement reads: triggers notify a
// channel on every such commit (migration 0043 for the tribe's access statement), and the clock counts
// the notifications. A statement's answer read at tick t may be kept for as long as the clock stays at
// t. This is exact on PGlite: it serves one connection, so a commit's notification arrives in the same
// bytes as the commit's answer, before anyone can see the commit done, and before the answer of any
// statement that ran after it. A connection that ends (and the session's LISTEN with it) moves the clock
// on; until the next connection listens, the clock answers null: keep nothing.
//
// PostgreSQL has no clock here: its instances would hear other instances' commits only some time after
// they are visible, and a NOTIFY serialises committing transactions; statements run each time there.
import type pg from "pg";

/** The channel and session setting of migration 0043's trigger function. */
export const TRIBE_ACCESS_CHANNEL = "dsbot_tribe_access";
const TRIBE_ACCESS_SETTING = "dsbot.tribe_access_notify";

export interface ChangeClock {
  /** The notified commits so far; null while nothing is listening (nothing may be kept then). */
  now(): number | null;
}

/** Keyed by the drizzle handle (client.ts registers it; this file needs nothing of its type). */
const clocks = new WeakMap<object, ChangeClock>();

/** The database's clock of changes to the tribe's access statement; none on PostgreSQL. */
export function tribeAccessClock(db: object): ChangeClock | undefined {
  return clocks.get(db);
}

export interface TribeAccessWatch {
  clock: ChangeClock;
  /** The pool's `onConnect`: each new connection asks for the notifications and listens before it serves a statement. */
  onConnect: (client: pg.ClientBase) => Promise<void>;
}

/** The clock of the (one-connection) pool whose `onConnect` this is; register it for the pool's drizzle handle. */
export function watchTribeAccess(): TribeAccessWatch {
  let ticks = 0;
  let listening: pg.ClientBase | null = null;
  const onConnect = async (client: pg.ClientBase) => {
    ticks += 1;
    listening = null;
    client.on("notification", (message) => {
      if (message.channel === TRIBE_ACCESS_CHANNEL) ticks += 1;
    });
    const lost = () => {
      ticks += 1;
      if (listening === client) listening = null;
    };
    client.on("end", lost);
    client.on("error", lost);
    try {
      await client.query(`select set_config('${TRIBE_ACCESS_SETTING}', 'on', false); listen ${TRIBE_ACCESS_CHANNEL}`);
      listening = client;
    } catch {
      // Not listening: the clock answers null and nothing is kept; the connection serves as before.
      lost();
    }
  };
  return { clock: { now: () => (listening ? ticks : null) }, onConnect };
}

export function registerChangeClock(db: object, clock: ChangeClock): void {
  clocks.set(db, clock);
}
