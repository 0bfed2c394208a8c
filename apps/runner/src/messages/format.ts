// Number formatting and sentence assembly shared by the runner's German texts.

/** A whole number the German way: 12.345 (fractions cut off). */
export const de = (n: number) => Math.floor(n).toLocaleString("de-DE");

/** A number the German way as it is: 12.345,5 (fractions kept). */
export const num = (n: number) => n.toLocaleString("de-DE");

/** "1 Dorf" / "3 Dörfer", and the like. */
export const count = (n: number, one: string, many: string) => `${de(n)} ${n === 1 ? one : many}`;

/** A module's log line: "Label: part · part · part". */
export const line = (label: string, parts: readonly string[]) => `${label}: ${parts.join(" · ")}`;
