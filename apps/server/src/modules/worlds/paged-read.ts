// Large reads (a world's 100,000 villages, its players) in pages by id, with a turn of the event loop
// between them: on PGlite every statement runs on the main thread, so one read of everything would
// hold the loop for as long as it takes (issue 19). Inside a snapshot transaction the pages agree.

/** Rows per page: a few tens of milliseconds of PGlite's time. */
export const READ_PAGE_ROWS = 4_000;

/** Every row, read by `page(afterId, limit)` (rows with id > afterId, ascending, at most limit). */
export async function readInPages<T extends { id: number }>(page: (afterId: number, limit: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const next = await page(rows.at(-1)?.id ?? 0, READ_PAGE_ROWS);
    for (const row of next) rows.push(row);
    if (next.length < READ_PAGE_ROWS) return rows;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
