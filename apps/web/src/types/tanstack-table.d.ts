// Column metadata used by components/ui/data-table.
import "@tanstack/react-table";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    width?: number | string;
    /** A column narrower than its content (the attack table's 10 px type): centred, reaching into the neighbours' padding. */
    narrow?: boolean;
    /** Cells with 4 px side padding instead of 6 (dense table): the attack table's 70 px status. */
    tight?: boolean;
    /** Stays at the table's right edge when the table is wider than its box (dense table): the row actions. */
    sticky?: boolean;
  }

  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's declaration
  interface TableMeta<TData extends RowData> {
    /**
     * The clock's "now" for cells that count down (the incomings' remaining time). It rides on the table
     * rather than in the column definitions, so the columns stay the same every second: new cell
     * functions would remount every cell (its buttons and editors) on each tick.
     */
    now?: number;
  }
}
