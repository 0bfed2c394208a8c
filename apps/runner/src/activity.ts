// What a bot did today, counted where it happens: at its game driver. A successful build order, a
// recruitment (its units), an attack command sent, a Raubzug squad sent (with what it brings), and the
// haul of battle reports read for the first time whose battle was after this session began (a restarted
// runner is a new session, and its reports from before belong to the session that read them). Counted per day of the world's server time; the
// session sends its running totals with the usage report ("bot:activity"), and a day that ended is sent
// once more with its final figures. The server adds a day's sessions up for the daily report.
import { randomUUID } from "node:crypto";
import type { BattleReport, BotActivity, GameDriver, Resources, Unit, UnitCounts } from "@dsbot/protocol";
import { serverDay } from "@dsbot/protocol";

const FALLBACK_ZONE = "Europe/Berlin";

interface Counts {
  haul: { wood: number; stone: number; iron: number };
  buildings: number;
  units: UnitCounts;
  attacks: number;
  scavenge: { squads: number; haul: number };
}
const none = (): Counts => ({ haul: { wood: 0, stone: 0, iron: 0 }, buildings: 0, units: {}, attacks: 0, scavenge: { squads: 0, haul: 0 } });

export class ActivityTally {
  readonly session = randomUUID();
  private readonly startedAt: number;
  private day: string;
  private counts = none();
  /** Counted since the last take(). */
  private changed = false;
  /** Days that ended, with their last figures, still to send. */
  private ended: BotActivity[] = [];
  private lastReportId = 0;

  constructor(
    private readonly now: () => number,
    private readonly zone: () => string | undefined,
  ) {
    this.startedAt = now();
    this.day = this.today();
  }

  private today(at = this.now()): string {
    return serverDay(at, this.zone() ?? FALLBACK_ZONE);
  }

  private snapshot(): BotActivity {
    return { day: this.day, session: this.session, haul: { ...this.counts.haul }, buildings: this.counts.buildings, units: { ...this.counts.units }, attacks: this.counts.attacks, scavenge: { ...this.counts.scavenge } };
  }

  /** A new day starts from nothing; the one that ended goes out once more if it counted since its last take. */
  private turn(): void {
    const today = this.today();
    if (today === this.day) return;
    if (this.changed) this.ended.push(this.snapshot());
    this.day = today;
    this.counts = none();
    this.changed = false;
  }

  built(): void {
    this.turn();
    this.counts.buildings++;
    this.changed = true;
  }

  recruited(units: UnitCounts): void {
    this.turn();
    for (const [unit, n] of Object.entries(units) as [Unit, number][]) if (n > 0) this.counts.units[unit] = (this.counts.units[unit] ?? 0) + n;
    this.changed = true;
  }

  scavenged(haul: Resources): void {
    this.turn();
    this.counts.scavenge.squads++;
    this.counts.scavenge.haul += haul.wood + haul.stone + haul.iron;
    this.changed = true;
  }

  attacked(): void {
    this.turn();
    this.counts.attacks++;
    this.changed = true;
  }

  reportsRead(reports: readonly BattleReport[]): void {
    this.turn();
    for (const report of reports) {
      if (report.id <= this.lastReportId) continue;
      this.lastReportId = report.id;
      if (report.at < this.startedAt || this.today(report.at) !== this.day) continue;
      this.counts.haul.wood += report.haul.wood;
      this.counts.haul.stone += report.haul.stone;
      this.counts.haul.iron += report.haul.iron;
      this.changed = true;
    }
  }

  /** What to send now: the days that ended, then today's totals if anything was counted since the last take. */
  take(): BotActivity[] {
    this.turn();
    const out = [...this.ended, ...(this.changed ? [this.snapshot()] : [])];
    this.ended = [];
    this.changed = false;
    return out;
  }
}

/** The driver with every successful action of the tally's kinds counted. */
export function tallyingDriver(driver: GameDriver, tally: ActivityTally): GameDriver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      const call = (...args: unknown[]) => (value as (...a: unknown[]) => Promise<{ ok: boolean; value?: unknown }>).apply(target, args);
      switch (property) {
        case "build":
          return async (...args: unknown[]) => {
            const result = await call(...args);
            if (result.ok) tally.built();
            return result;
          };
        case "recruit":
          return async (...args: unknown[]) => {
            const result = await call(...args);
            if (result.ok) tally.recruited(args[1] as UnitCounts);
            return result;
          };
        case "sendCommand":
          return async (...args: unknown[]) => {
            const result = await call(...args);
            if (result.ok && (args[0] as { kind: string }).kind === "attack") tally.attacked();
            return result;
          };
        case "sendScavenge":
          return async (...args: unknown[]) => {
            const result = await call(...args);
            if (result.ok) tally.scavenged((result.value as { haul: Resources }).haul);
            return result;
          };
        case "getReports":
          return async (...args: unknown[]) => {
            const result = await call(...args);
            if (result.ok) tally.reportsRead(result.value as BattleReport[]);
            return result;
          };
        default:
          return value.bind(target);
      }
    },
  });
}
