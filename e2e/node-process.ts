// A `node` child process for e2e specs (the runner CLI): collects its output and resolves waiters on
// matching lines, so specs wait on what the process prints, never on time.
import { spawn, type ChildProcessByStdio, type SpawnOptions } from "node:child_process";
import os from "node:os";
import type { Readable } from "node:stream";

export type NodeChild = ChildProcessByStdio<null, Readable, Readable>;

export interface NodeProcess {
  child: NodeChild;
  output: () => string;
  /** The first match of `pattern` in the output so far or to come (rejects after 20 s). */
  waitForLine: (pattern: RegExp) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

export function runNode(args: string[], options: Pick<SpawnOptions, "cwd" | "env"> = {}): NodeProcess {
  const child = spawn(process.execPath, args, { ...options, stdio: ["ignore", "pipe", "pipe"] }) as NodeChild;
  // The runner sends to the millisecond. Here it shares two cores with Chromium, the server and the
  // server's database thread, which a player's PC does not: a 107 ms late send in CI was the runner
  // not being scheduled. It gets a higher priority where allowed (root, as in CI); elsewhere it keeps its own.
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, -10);
  } catch {
    // not permitted: the default priority
  }
  let text = "";
  const waiters: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(text);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    waitForLine: (pattern) =>
      new Promise((resolve, reject) => {
        const match = pattern.exec(text);
        if (match) return resolve(match);
        waiters.push({ pattern, resolve });
        setTimeout(() => reject(new Error(`no output matching ${pattern} within 20 s; got:\n${text}`)), 20_000).unref();
      }),
  };
}
