// German messages of the world file reader (world-files.ts): each names the file and, for a
// record, its 1-based line, e.g. `village.txt, Zeile 3: …`.
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const count = new Intl.NumberFormat("de-DE");

export const worldFileMessages = {
  unpackedTooLarge: (file: string, maxBytes: number) => `${file}: entpackt größer als ${megabytes(maxBytes)} MB.`,
  brokenGzip: (file: string) => `${file}: die gzip-Datei ist beschädigt und lässt sich nicht entpacken.`,
  atLine: (file: string, line: number, message: string) => `${file}, Zeile ${line}: ${message}`,
  emptyLine: "die Zeile ist leer.",
  lineTooLong: (max: number) => `die Zeile ist länger als ${count.format(max)} Zeichen.`,
  tooManyRecords: (file: string, max: number) => `${file}: mehr als ${count.format(max)} Einträge.`,
  fieldCount: (expected: number, names: readonly string[], found: number | string) =>
    `erwartet ${expected} Felder (${names.join(",")}), gefunden ${found}.`,
  noValue: (label: string) => `kein Wert für ${label}.`,
  notInteger: (label: string, value: string) => `${label} ist keine ganze Zahl ("${value}").`,
  outOfRange: (label: string, min: number, max: number, value: number) => `${label} muss zwischen ${min} und ${max} liegen (ist ${value}).`,
  badEncoding: (label: string, value: string) => `${label} ist nicht richtig URL-kodiert ("${value}").`,
  badChars: (label: string) => `${label} enthält unzulässige Zeichen (z. B. ein Nullbyte).`,
  nameTooLong: (label: string, max: number) => `${label} ist länger als ${max} Zeichen.`,
  duplicateId: (id: number, line: number) => `die ID ${id} steht schon in Zeile ${line}.`,
  duplicateCoords: (x: number, y: number, line: number) => `die Koordinaten ${x}|${y} stehen schon in Zeile ${line}.`,
} as const;
