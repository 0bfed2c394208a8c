// Offplaner Scanner: sends the attacks of the chosen plans from this bot's villages at their
// send time, to the millisecond. Every few seconds it claims from the server the attacks due within its
// lead time; each gets a timer on the game's clock (the driver's `now`), fires `sendCommand` at
// send time + offset, and reports the command's real arrival (or a German reason) back. Noble trains
// are several conquer attacks from one village, a spacing apart: each has its own timer, so they leave
// in order with that spacing and land so. An attack is scheduled once per session, however often the
// server hands it out again (after a reconnect it does, until it has the report); one the server no
// longer lists (cancelled, deleted) is dropped, one with a new send time is moved.
import type { BotAttack, ModuleConfig, Unit, UnitCounts } from "@dsbot/protocol";
import {
  DEFAULT_SERVER_TIME_ZONE,
  formatCoord,
  formatServerTime,
  gameConfigDefaults,
  isSupportType,
  parseTroopFormula,
  sameSpeed,
  slowestUnitOnAnyWorld,
  troopFormulaAmount,
  unitLabels,
  units as unitOrder,
} from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule, ModuleContext } from "./module.js";

type Ctx = ModuleContext<"attack-planner-scanner">;

/** How often the module asks for attacks; below its lead time (≥ 5 s), so none slips through. */
export function claimIntervalMs(config: ModuleConfig<"attack-planner-scanner">): number {
  return Math.min(5_000, (config.leadTimeSeconds * 1000) / 2);
}

const attackSendMessages = moduleMessages.attackPlannerScanner;

/** "18:00:00:123" on the world's clock (the zone the server names; Europe/Berlin from servers before that). */
const isUnit = (name: string): name is Unit => (unitOrder as readonly string[]).includes(name);

function arrivalText(ms: number, zone = DEFAULT_SERVER_TIME_ZONE): string {
  return formatServerTime(ms, zone).slice(9);
}

/** "Adelsgeschlecht (1 fehlt), Axtkämpfer (20 fehlen)" for the units the village lacks. */
function missingText(wanted: UnitCounts, home: UnitCounts): string {
  return unitOrder
    .filter((u) => (wanted[u] ?? 0) > (home[u] ?? 0))
    .map((u) => attackSendMessages.missingUnit(u, (wanted[u] ?? 0) - (home[u] ?? 0)))
    .join(", ");
}

async function unitsAtHome(ctx: Ctx, villageId: number): Promise<UnitCounts | null> {
  const player = await ctx.driver.getPlayer();
  if (!player.ok) return null;
  return player.value.villages.find((v) => v.id === villageId)?.units ?? null;
}

/**
 * The units the attack sends: its counts and what each DS Workbench formula works out to against the
 * village's troops at home now (`fake` = its points × the world's fake limit / 100).
 * A formula attack asks the game for the village first, which costs one request at send time. The
 * command must still walk at the planned speed: without a unit as slow as the planned one it is refused.
 */
async function unitsOf(
  ctx: Ctx,
  attack: BotAttack,
  from: string,
): Promise<{ ok: true; units: UnitCounts } | { ok: false; error: string; missingUnits: boolean; protection?: true }> {
  if (!attack.formulas) return { ok: true, units: attack.units };
  const player = await ctx.driver.getPlayer();
  if (!player.ok && player.code === "captcha") return { ok: false, error: player.error, missingUnits: false, protection: true };
  const village = player.ok ? player.value.villages.find((v) => v.id === attack.fromVillageId) : undefined;
  if (!village) return { ok: false, error: attackSendMessages.villageUnknown(from), missingUnits: false };
  const units: UnitCounts = { ...attack.units };
  const fake = Math.floor((village.points * (attack.fakeLimit ?? gameConfigDefaults.game.fakeLimit)) / 100);
  for (const [name, text] of Object.entries(attack.formulas)) {
    if (!isUnit(name)) continue;
    const parsed = parseTroopFormula(text);
    if (!parsed.ok) return { ok: false, error: attackSendMessages.formula(unitLabels[name], text, parsed.error), missingUnits: false };
    const amount = troopFormulaAmount(parsed.value, { all: village.units[name] ?? 0, fake, random: Math.random, units: village.units });
    if (amount > 0) units[name] = amount;
    else delete units[name];
  }
  const slowest = slowestUnitOnAnyWorld(units);
  if (!slowest) return { ok: false, error: attackSendMessages.noneAvailable(from), missingUnits: true };
  if (!sameSpeed(slowest, attack.unit)) return { ok: false, error: attackSendMessages.formulaSpeed(from, unitLabels[attack.unit]), missingUnits: true };
  return { ok: true, units };
}

async function send(ctx: Ctx, attack: BotAttack): Promise<void> {
  const from = formatCoord(attack.from);
  const to = formatCoord(attack.to);
  if (!ctx.session.isRunning()) {
    ctx.session.reportAttack({ attackId: attack.id, ok: false, error: attackSendMessages.notRunning });
    return;
  }
  const kind = isSupportType(attack.type) ? "support" : "attack";
  const failed = (error: string) => (kind === "support" ? attackSendMessages.supportFailed(from, to, error) : attackSendMessages.failed(from, to, error));
  const wanted = await unitsOf(ctx, attack, from);
  if (!wanted.ok && wanted.protection) return handBack(ctx, attack);
  if (!wanted.ok) {
    ctx.log("warn", failed(wanted.error));
    ctx.session.reportAttack({ attackId: attack.id, ok: false, error: wanted.error, missingUnits: wanted.missingUnits });
    return;
  }
  let unitsToSend: UnitCounts = wanted.units;
  let result = await ctx.driver.sendCommand({ fromVillageId: attack.fromVillageId, to: attack.to, units: unitsToSend, kind });
  if (!result.ok && result.code === "units") {
    const home = (await unitsAtHome(ctx, attack.fromVillageId)) ?? {};
    const missing = missingText(wanted.units, home);
    const error = attackSendMessages.missingUnits(from, missing);
    if (ctx.config.onMissingUnits === "send_available") {
      unitsToSend = Object.fromEntries(
        (Object.entries(wanted.units) as [Unit, number][]).map(([u, n]) => [u, Math.min(n, home[u] ?? 0)]).filter(([, n]) => (n as number) > 0),
      );
      // Without the unit that sets the speed the command would land at another time: not sent.
      if ((unitsToSend[attack.unit] ?? 0) === 0) {
        ctx.log("warn", failed(attackSendMessages.noneAvailable(from)));
        ctx.session.reportAttack({ attackId: attack.id, ok: false, error: attackSendMessages.noneAvailable(from), missingUnits: true });
        return;
      }
      result = await ctx.driver.sendCommand({ fromVillageId: attack.fromVillageId, to: attack.to, units: unitsToSend, kind });
    } else {
      ctx.log("warn", failed(error));
      ctx.session.reportAttack({ attackId: attack.id, ok: false, error, missingUnits: true, tabRequest: ctx.config.onMissingUnits === "tab_request" });
      return;
    }
  }
  if (!result.ok && result.code === "captcha") return handBack(ctx, attack);
  if (!result.ok) {
    ctx.log("warn", failed(result.error));
    ctx.session.reportAttack({ attackId: attack.id, ok: false, error: result.error });
    return;
  }
  const command = result.value;
  const arrival = arrivalText(command.arrivesAt, attack.timeZone);
  ctx.log("info", kind === "support" ? attackSendMessages.supportSent(from, to, arrival) : attackSendMessages.sent(from, to, arrival));
  ctx.session.reportAttack({ attackId: attack.id, ok: true, commandId: command.id, sentAt: command.sentAt, arrivesAt: command.arrivesAt });
}

/** An attack the bot cannot send (bot protection): failed with a tab request, so its player sends it. */
function handBack(ctx: Ctx, attack: BotAttack): void {
  const from = formatCoord(attack.from);
  const to = formatCoord(attack.to);
  const error = attackSendMessages.botProtection;
  ctx.log("warn", isSupportType(attack.type) ? attackSendMessages.supportFailed(from, to, error) : attackSendMessages.failed(from, to, error));
  ctx.session.reportAttack({ attackId: attack.id, ok: false, error, tabRequest: true });
}

/** A scheduled attack this close to its send time is left to fire even if the server stops listing it. */
const RECONCILE_MARGIN_MS = 1_000;

interface Scheduled {
  sendTime: number;
  cancel: () => void;
  /** Fired: sent or reported as failed; never scheduled again in this session. */
  fired: boolean;
}

export function createAttackPlannerScannerModule(): BotModule<"attack-planner-scanner"> {
  /** Attacks scheduled (or fired) in this session, by id. */
  const scheduled = new Map<number, Scheduled>();
  return {
    name: "attack-planner-scanner",
    intervalMs: claimIntervalMs,
    async run(ctx) {
      if (ctx.config.attackPlanIds.length === 0) return;
      const answer = await ctx.session.claimAttacks(ctx.config.leadTimeSeconds * 1000);
      if (!answer) return;
      const listed = new Set<number>();
      for (const attack of answer) {
        listed.add(attack.id);
        const known = scheduled.get(attack.id);
        // Handed out again until reported (after a reconnect): scheduled once; a changed send time moves it.
        if (known && (known.fired || known.sendTime === attack.sendTime)) continue;
        known?.cancel();
        const key = `attack:${attack.id}`;
        const entry: Scheduled = { sendTime: attack.sendTime, fired: false, cancel: () => {} };
        // Farming leaves these units at home until the attack is sent (or dropped).
        ctx.session.reservations.reserve(key, attack.fromVillageId, attack.units, attack.sendTime);
        const cancelTimer = ctx.session.at(
          attack.sendTime + ctx.config.sendOffsetMs,
          () => {
            entry.fired = true;
            ctx.session.reservations.release(key);
            return send(ctx, attack);
          },
          // The game's bot protection holds the bot: the player gets it as a tab request, in time to send it.
          () => {
            entry.fired = true;
            ctx.session.reservations.release(key);
            handBack(ctx, attack);
          },
        );
        entry.cancel = () => {
          cancelTimer();
          ctx.session.reservations.release(key);
        };
        scheduled.set(attack.id, entry);
      }
      // No longer the bot's (cancelled, deleted, plan taken off the module): not sent.
      for (const [id, entry] of scheduled) {
        if (listed.has(id) || entry.fired || entry.sendTime - ctx.driver.now() <= RECONCILE_MARGIN_MS) continue;
        entry.cancel();
        scheduled.delete(id);
      }
    },
  };
}
