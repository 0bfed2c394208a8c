// What every attack import answers: all entries or, if any entry is bad, only German errors naming the
// line or entry (nothing is imported then). Long error lists are cut with a count of the rest.
import type { z } from "zod";
import { attackFieldLabels, importMessages } from "../messages.js";

export type ImportResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** At most this many errors are listed; the rest are counted in one last line. */
export const IMPORT_MAX_ERRORS = 50;
/** At most this many attacks per import. */
export const IMPORT_MAX_ATTACKS = 50_000;

export class ImportErrors {
  private readonly list: string[] = [];
  private total = 0;

  get count(): number {
    return this.total;
  }

  add(message: string): void {
    this.total++;
    if (this.list.length < IMPORT_MAX_ERRORS) this.list.push(message);
  }

  /** `where` ("Zeile 3") before each zod issue, with the German field name where there is one. */
  addIssues(where: string, error: z.ZodError, fieldLabels: Record<string, string> = attackFieldLabels): void {
    for (const issue of error.issues) {
      const field = issue.path[0];
      const label = typeof field === "string" ? fieldLabels[field] : undefined;
      this.add(`${where}${label ? ` (${label})` : ""}: ${issue.message}`);
    }
  }

  result<T>(value: T): ImportResult<T> {
    if (this.total === 0) return { ok: true, value };
    const errors = [...this.list];
    if (this.total > this.list.length) errors.push(importMessages.moreErrors(this.total - this.list.length));
    return { ok: false, errors };
  }
}

export function importFailed<T>(message: string): ImportResult<T> {
  return { ok: false, errors: [message] };
}

/** Entries an importer reads between two pauses (`…Steps` importers yield there: the server lets other work run). */
export const IMPORT_STEP = 1_000;

/** An importer that pauses (yields) every IMPORT_STEP entries and returns its result. */
export type ImportSteps<T> = Generator<void, ImportResult<T>, void>;

/** Runs the steps without pausing. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
