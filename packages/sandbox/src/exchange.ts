// The sandbox's premium exchange (the Premium Depot's counterpart): what one premium point costs in a
// resource follows the exchange's stock of it. Each point sold adds its price to the stock, so the next
// point costs more (the exchange holds more, pays less); the stock drains back as other players buy
// (half of it every EXCHANGE_HALF_LIFE_HOURS). Only whole points are paid; the rest stays in the village.
import type { Resources } from "@dsbot/protocol";

/** Resources per point when the exchange holds none. */
export const EXCHANGE_BASE_RATE = 1000;
/** The stock at which a point costs twice the base rate. */
export const EXCHANGE_DEPTH = 500_000;
export const EXCHANGE_HALF_LIFE_HOURS = 6;
const resourceNames = ["wood", "stone", "iron"] as const;

export class PremiumExchange {
  private readonly stock: Resources = { wood: 0, stone: 0, iron: 0 };
  private settledAt: number;

  constructor(now: number) {
    this.settledAt = now;
  }

  private settle(now: number): void {
    const hours = Math.max(0, now - this.settledAt) / 3_600_000;
    const keep = Math.pow(0.5, hours / EXCHANGE_HALF_LIFE_HOURS);
    for (const r of resourceNames) this.stock[r] *= keep;
    this.settledAt = Math.max(this.settledAt, now);
  }

  private rate(r: keyof Resources): number {
    return Math.round(EXCHANGE_BASE_RATE * (1 + this.stock[r] / EXCHANGE_DEPTH));
  }

  /** What a point costs now in each resource. */
  rates(now: number): Resources {
    this.settle(now);
    return { wood: this.rate("wood"), stone: this.rate("stone"), iron: this.rate("iron") };
  }

  /** Sells whole points for at most `offered` of each resource; answers the points and what they took. */
  sell(offered: Partial<Resources>, now: number): { points: number; used: Resources } {
    this.settle(now);
    const used: Resources = { wood: 0, stone: 0, iron: 0 };
    let points = 0;
    for (const r of resourceNames) {
      let left = Math.max(0, Math.floor(offered[r] ?? 0));
      for (let price = this.rate(r); price <= left; price = this.rate(r)) {
        left -= price;
        used[r] += price;
        this.stock[r] += price;
        points++;
      }
    }
    return { points, used };
  }
}
