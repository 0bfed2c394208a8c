// Human file sizes in German number format (binary units, as file managers show them): "412,3 KB".
const UNITS = ["KB", "MB", "GB"] as const;

const decimal = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 0 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${integer.format(bytes)} B`;
  // 1023,95 KB and up would print as "1.024,0 KB": that is already the next unit.
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal.format(value)} ${UNITS[unit]}`;
}

/** Exact byte count with German thousands separators ("422.195"). */
export function formatBytes(bytes: number): string {
  return integer.format(bytes);
}
