// One way to write a CSV cell, for every CSV export (the attack plan's, the Truppen screen's): a text
// cell a spreadsheet would take for a formula is made inert as OWASP's "CSV Injection" guidance says.
// Text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a single quote in front and
// is quoted, so `=HYPERLINK("http://x")` (a village name from the game or a shared bot) shows as text.
// Numbers we write are passed as numbers: `-5` is a number to a spreadsheet, never a formula, and
// escaping it would turn it into text.

/** The characters a spreadsheet reads a formula (or DDE) from at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as written: numbers as they are, text made inert and quoted where needed. */
export function csvCell(value: string | number, separator = ";"): string {
  if (typeof value === "number") return String(value);
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  const quoted = inert !== value || inert.includes(separator) || /["\r\n]/.test(inert) || inert !== inert.trim();
  return quoted ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** A text cell as read back (after unquoting): the quote `csvCell` put before a formula character goes. */
export function csvCellText(field: string): string {
  return field.startsWith("'") && FORMULA_START.test(field.slice(1)) ? field.slice(1) : field;
}
