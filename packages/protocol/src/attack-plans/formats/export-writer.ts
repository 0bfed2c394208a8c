// An export as parts: the header and the footer once, a line per attack. The formats' own export
// functions join them at once; the server writes the lines a chunk of attacks at a time, and
// estimates the size from a typical attack before it reads any (issue 19: a big export must be
// refused before it is built, and never hold the event loop).

export interface ExportWriter<Row> {
  header: string;
  /** The attack's line with its line break; `index` counts from 0. */
  line: (row: Row, index: number) => string;
  footer: string;
}

export function writeAll<Row>(writer: ExportWriter<Row>, rows: readonly Row[]): string {
  const parts = [writer.header];
  rows.forEach((row, i) => parts.push(writer.line(row, i)));
  parts.push(writer.footer);
  return parts.join("");
}

/** About how many characters `count` attacks make, each the size of `typical`. */
export function estimateExport<Row>(writer: ExportWriter<Row>, count: number, typical: Row): number {
  return writer.header.length + writer.footer.length + count * writer.line(typical, Math.max(0, count - 1)).length;
}
