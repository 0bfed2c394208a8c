// A small pool of worker threads for work that grows with its input (the planner, parsing long texts):
// the event loop only hands it over and takes the answer. Workers start on first use, run one task at a
// time, and a task over its time limit ends its worker (a new one starts for the next task). A task's time
// counts from when its worker is ready, so a worker's start (slow under tsx in tests) is not charged to it.
import { Worker, type Transferable } from "node:worker_threads";
import type { TaskName, TaskInput, TaskOutput } from "./tasks.js";

/** Why a task did not answer: over its time limit, the queue full, its worker died, or the pool closed. */
export class WorkerTaskError extends Error {
  constructor(
    public readonly reason: "timeout" | "busy" | "crashed" | "closed" | "failed",
    message: string,
    /** The error's name inside the worker for "failed" (e.g. RangeError: a German message for the user). */
    public readonly errorName?: string,
  ) {
    super(message);
    this.name = "WorkerTaskError";
  }
}

export interface WorkerPoolOptions {
  /** Worker threads at most. */
  size: number;
  /** Tasks waiting for a free worker at most; more are refused with "busy". */
  queueLimit?: number;
  /** Heap of one worker (MB): a task that needs more ends its worker instead of the process. */
  maxHeapMb?: number;
}

interface Job {
  task: TaskName;
  input: unknown;
  transfer: Transferable[];
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type Reply = { ready: true } | { ok: true; output: unknown } | { ok: false; name: string; message: string };

/** A worker that is not ready by then is taken for dead. */
const START_TIMEOUT_MS = 60_000;

/** The worker's entry: the bundle's `worker.js` next to `main.js`, or the TypeScript source through tsx. */
function workerEntry(): URL {
  return new URL(import.meta.url.endsWith(".ts") ? "./worker-dev.mjs" : "./worker.js", import.meta.url);
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs `task` on a worker; rejects with WorkerTaskError (the task's own error as reason "failed"). */
  run<T extends TaskName>(task: T, input: TaskInput<T>, options: { timeoutMs: number; transfer?: Transferable[] }): Promise<TaskOutput<T>> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new WorkerTaskError("closed", "worker pool closed"));
      const job: Job = { task, input, transfer: options.transfer ?? [], timeoutMs: options.timeoutMs, resolve: resolve as (v: unknown) => void, reject };
      const idle = this.slots.find((s) => s.job === null);
      if (idle) return this.start(idle, job);
      if (this.slots.length < this.options.size) return this.start(this.spawn(), job);
      if (this.queue.length >= (this.options.queueLimit ?? 16)) return reject(new WorkerTaskError("busy", "worker pool busy"));
      this.queue.push(job);
    });
  }

  /** Tasks running and waiting (for tests and the health page). */
  get load(): { running: number; waiting: number; workers: number } {
    return { running: this.slots.filter((s) => s.job).length, waiting: this.queue.length, workers: this.slots.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new WorkerTaskError("closed", "worker pool closed"));
    await Promise.all(this.slots.splice(0).map((slot) => this.end(slot, new WorkerTaskError("closed", "worker pool closed"))));
  }

  private spawn(): Slot {
    const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 1024 } });
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on("message", (reply: Reply) => {
      if (!("ready" in reply)) return this.settle(slot, reply);
      slot.ready = true;
      if (slot.job) this.arm(slot, slot.job);
    });
    worker.on("error", (error) => void this.end(slot, new WorkerTaskError("crashed", error.message)));
    worker.on("exit", () => void this.end(slot, new WorkerTaskError("crashed", "worker exited")));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    if (slot.ready) this.arm(slot, job);
    else slot.timer = setTimeout(() => void this.end(slot, new WorkerTaskError("crashed", "worker did not start")), START_TIMEOUT_MS);
    slot.worker.postMessage({ task: job.task, input: job.input }, job.transfer);
  }

  /** The task's time limit, from now (its worker is ready). */
  private arm(slot: Slot, job: Job): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void this.end(slot, new WorkerTaskError("timeout", `task ${job.task} over ${job.timeoutMs} ms`)), job.timeoutMs);
  }

  private settle(slot: Slot, reply: Exclude<Reply, { ready: true }>): void {
    const { job } = slot;
    if (!job) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if (reply.ok) job.resolve(reply.output);
    else job.reject(new WorkerTaskError("failed", reply.message, reply.name));
    this.next(slot);
  }

  /** Ends a worker (time limit, crash, close): its task fails with `error`, the queue moves on with a new one. */
  private async end(slot: Slot, error: WorkerTaskError): Promise<void> {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const { job } = slot;
    slot.job = null;
    job?.reject(error);
    slot.worker.removeAllListeners();
    slot.worker.on("error", () => {});
    await slot.worker.terminate();
    if (!this.closed && this.queue.length > 0 && this.slots.length < this.options.size) this.next(this.spawn());
  }

  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (job) this.start(slot, job);
  }
}
