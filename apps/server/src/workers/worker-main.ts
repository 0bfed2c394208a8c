// A worker thread of the pool (worker-pool.ts): runs one task per message and answers with its output,
// handing typed arrays over instead of copying them, or with the error's name and message.
import { parentPort, type Transferable } from "node:worker_threads";
import { tasks, type TaskName } from "./tasks.js";

/** The buffers of typed arrays found one level deep (and in arrays): handed over, not copied. */
function transferables(output: unknown): Transferable[] {
  const found = new Set<ArrayBuffer>();
  const visit = (value: unknown) => {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  };
  if (Array.isArray(output)) output.forEach(visit);
  else if (output && typeof output === "object") Object.values(output).forEach(visit);
  return [...found];
}

parentPort?.on("message", ({ task, input }: { task: TaskName; input: never }) => {
  try {
    const output: unknown = tasks[task](input);
    parentPort?.postMessage({ ok: true, output }, transferables(output));
  } catch (error) {
    const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
    parentPort?.postMessage({ ok: false, name, message });
  }
});
// Loaded: the pool starts counting a task's time from here.
parentPort?.postMessage({ ready: true });
