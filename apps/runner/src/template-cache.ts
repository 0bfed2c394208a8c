// The builder templates a bot's modules use, kept between runs (the builder looks every minute): asked
// from the server once, then again only when the server says one changed ("bot:templates-changed") or
// the connection was lost (a change may have gone by meanwhile). A template the server leaves out (not
// the owner's, deleted) is not kept and is asked for again next time.
import type { BotTemplate } from "@dsbot/protocol";

export class TemplateCache {
  private readonly kept = new Map<number, BotTemplate>();
  /** Raised by every drop: an answer asked for before it may be stale and is used once, not kept. */
  private generation = 0;

  constructor(private readonly fetch: (ids: number[]) => Promise<BotTemplate[] | null>) {}

  /** The templates among these ids; null when the server could not be asked for the ones not kept. */
  async get(ids: readonly number[]): Promise<BotTemplate[] | null> {
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !this.kept.has(id));
    const fresh = new Map<number, BotTemplate>();
    if (missing.length > 0) {
      const generation = this.generation;
      const fetched = await this.fetch(missing);
      if (!fetched) return null;
      for (const template of fetched) {
        fresh.set(template.id, template);
        if (generation === this.generation) this.kept.set(template.id, template);
      }
    }
    return wanted.flatMap((id) => fresh.get(id) ?? this.kept.get(id) ?? []);
  }

  drop(ids: readonly number[]): void {
    this.generation++;
    for (const id of ids) this.kept.delete(id);
  }

  clear(): void {
    this.generation++;
    this.kept.clear();
  }
}
