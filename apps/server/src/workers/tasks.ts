// The tasks a worker thread can run, by name: input and output types for the pool, the functions for
// the worker. Each task is a pure function of its input (no database, no sockets).
import { coordsTask, plannerTask } from "./planner-task.js";
import { sosTextTask, troopsOverviewTask } from "./parse-task.js";
import { generatedWorldFilesTask } from "./world-files-task.js";
import { tribeDefenceTask } from "./tribe-defence-task.js";

export const tasks = {
  coords: coordsTask,
  planner: plannerTask,
  sosText: sosTextTask,
  troopsOverview: troopsOverviewTask,
  generatedWorldFiles: generatedWorldFilesTask,
  tribeDefence: tribeDefenceTask,
} as const;

export type TaskName = keyof typeof tasks;
export type TaskInput<T extends TaskName> = Parameters<(typeof tasks)[T]>[0];
export type TaskOutput<T extends TaskName> = ReturnType<(typeof tasks)[T]>;
