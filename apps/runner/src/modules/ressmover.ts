// Rohstoffverteiler: moves resources between the bot's villages with their markets' merchants (1,000
// resources each, at most `merchantLimit` per run). "Ausgleichen" brings each resource towards the
// villages' average — a village gives only above the average and above `keepPercent` of its storage,
// and receives up to the average; "An Zieldorf senden" ships everything above that reserve to the
// target village, as far as its storage holds it.
import { moduleRegistry, resources, type Resource, type Resources, type VillageSnapshot } from "@dsbot/protocol";
import { moduleMessages } from "../messages.js";
import type { BotModule } from "./module.js";
import { scanVillages } from "./village-scope.js";

export const RESSMOVER_INTERVAL_MS = 10 * 60_000;
export const MERCHANT_CAPACITY = 1000;
const label = moduleRegistry.ressmover.label;
const messages = moduleMessages.ressmover;

export interface Shipment {
  from: number;
  to: number;
  resources: Partial<Resources>;
}

const whole = (amount: number) => Math.floor(amount / MERCHANT_CAPACITY) * MERCHANT_CAPACITY;

/** The shipments of one run, merchants (capacity 1,000) within `merchantLimit`. */
export function planShipments(villages: readonly VillageSnapshot[], mode: "balance" | "to_target", targetId: number | null, keepPercent: number, merchantLimit: number): Shipment[] {
  const withMarket = villages.filter((v) => v.buildings.market > 0);
  const reserve = (v: VillageSnapshot) => (v.storageCapacity * keepPercent) / 100;
  const byPair = new Map<string, Shipment>();
  let merchants = merchantLimit;
  const ship = (from: VillageSnapshot, to: VillageSnapshot, r: Resource, amount: number) => {
    const n = Math.min(merchants, Math.floor(whole(amount) / MERCHANT_CAPACITY));
    if (n <= 0) return 0;
    merchants -= n;
    const key = `${from.id}>${to.id}`;
    const shipment = byPair.get(key) ?? { from: from.id, to: to.id, resources: {} };
    shipment.resources[r] = (shipment.resources[r] ?? 0) + n * MERCHANT_CAPACITY;
    byPair.set(key, shipment);
    return n * MERCHANT_CAPACITY;
  };
  for (const r of resources) {
    if (mode === "to_target") {
      const target = villages.find((v) => v.id === targetId);
      if (!target) return [];
      let room = target.storageCapacity - target.resources[r];
      for (const from of withMarket) {
        if (from.id === target.id || room < MERCHANT_CAPACITY) continue;
        room -= ship(from, target, r, Math.min(room, from.resources[r] - reserve(from)));
      }
      continue;
    }
    const average = villages.reduce((sum, v) => sum + v.resources[r], 0) / Math.max(1, villages.length);
    const givers = withMarket.map((v) => ({ v, left: v.resources[r] - Math.max(average, reserve(v)) })).filter((g) => g.left >= MERCHANT_CAPACITY).sort((a, b) => b.left - a.left);
    const takers = villages.map((v) => ({ v, left: Math.min(average, v.storageCapacity) - v.resources[r] })).filter((t) => t.left >= MERCHANT_CAPACITY).sort((a, b) => b.left - a.left);
    for (const giver of givers) {
      for (const taker of takers) {
        if (giver.left < MERCHANT_CAPACITY) break;
        if (taker.left < MERCHANT_CAPACITY || taker.v.id === giver.v.id) continue;
        const sent = ship(giver.v, taker.v, r, Math.min(giver.left, taker.left));
        giver.left -= sent;
        taker.left -= sent;
      }
    }
  }
  return [...byPair.values()];
}

export function createRessmoverModule(): BotModule<"ressmover"> {
  return {
    name: "ressmover",
    intervalMs: () => RESSMOVER_INTERVAL_MS,
    async run(ctx) {
      const scan = await scanVillages(ctx, label);
      if (!scan) return;
      const plan = planShipments(scan.villages, ctx.config.mode, ctx.config.targetVillageId, ctx.config.keepPercent, ctx.config.merchantLimit);
      const moved: Resources = { wood: 0, stone: 0, iron: 0 };
      let shipments = 0;
      for (const shipment of plan) {
        const result = await ctx.driver.sendResources(shipment.from, shipment.to, shipment.resources);
        if (!result.ok) {
          ctx.log("warn", moduleMessages.common.failed(label, result.error));
          continue;
        }
        shipments++;
        for (const r of resources) moved[r] += shipment.resources[r] ?? 0;
      }
      const total = moved.wood + moved.stone + moved.iron;
      ctx.log("info", total > 0 ? messages.moved(moved, shipments, total / MERCHANT_CAPACITY) : messages.nothingMoved);
    },
  };
}
