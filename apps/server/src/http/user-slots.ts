// Heavy work a user may run once at a time, and the instance a few times at once (three
// parallel exports tripled the server's memory). A second call while the first runs is a German 429.
import { tooManyRequests } from "./errors.js";

export class UserSlots {
  private readonly running = new Set<number>();

  constructor(
    private readonly max: number,
    private readonly messages: { busy: string; full: string },
  ) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    if (this.running.has(userId)) throw tooManyRequests(this.messages.busy);
    if (this.running.size >= this.max) throw tooManyRequests(this.messages.full);
    this.running.add(userId);
    try {
      return await work();
    } finally {
      this.running.delete(userId);
    }
  }
}
