// An export as parts: the header and the footer once, a line per attack. The formats' own export
// functions join them at once; the server writes the lines a chunk of attacks at a time, and
// estimates the size from a typical attack before it reads any (a big export must be refused before it
// is built, and never hold the event loop). A merging writer (DS Workbench) writes its lines at the end.

export interface ExportWriter<Row> {
  header: string;
  /** The attack's line with its line break; `index` counts from 0. */
  line: (row: Row, index: number) => string;
  footer: string;
  /**
   * A writer that merges rows (DS Workbench: equal attacks become one line with their count) holds
   * them back in `line`: what it still holds, written after the last line and before the footer.
   */
  end?: () => string;
  /** A merging writer's line for one row written alone, without holding it back (for the estimate). */
  lineAlone?: (row: Row) => string;
}

export function writeAll<Row>(writer: ExportWriter<Row>, rows: readonly Row[]): string {
  const parts = [writer.header];
  rows.forEach((row, i) => parts.push(writer.line(row, i)));
  parts.push(writer.end?.() ?? "", writer.footer);
  return parts.join("");
}

/** About how many characters `count` attacks make, each the size of `typical` (at most, for a merging writer). */
export function estimateExport<Row>(writer: ExportWriter<Row>, count: number, typical: Row): number {
  const one = writer.lineAlone ? writer.lineAlone(typical) : writer.line(typical, Math.max(0, count - 1));
  return writer.header.length + writer.footer.length + count * one.length;
}
