// DS Workbench's troop amounts in Base64 (Torridity/dsworkbench io/TroopAmountElement.java, toBase64 and
// loadFromBase64): the amount text's UTF-8 bytes in Java's Base64.getUrlEncoder() (URL-safe alphabet,
// padded), read back with Base64.getUrlDecoder() and `new String(bytes, "UTF-8")`. Written by hand: the
// protocol runs in the browser and in Node alike, without Buffer, atob or TextEncoder.

const URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const urlValue = new Map([...URL_ALPHABET].map((c, i) => [c, i]));

/** The UTF-8 bytes of a text, a lone surrogate as "?" (Java's String.getBytes("UTF-8")). */
export function utf8Encode(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp >= 0xd800 && cp <= 0xdfff) bytes.push(0x3f);
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return bytes;
}

/** Bytes as UTF-8 text, each broken sequence as one U+FFFD (Java's `new String(bytes, "UTF-8")`). */
export function utf8Decode(bytes: readonly number[]): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    // Continuation bytes and the first byte's own limits on the second byte (no overlong forms, no surrogates).
    const [need, first, lower, upper] =
      b >= 0xc2 && b <= 0xdf
        ? [1, b & 0x1f, 0x80, 0xbf]
        : b >= 0xe0 && b <= 0xef
          ? [2, b & 0x0f, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf]
          : b >= 0xf0 && b <= 0xf4
            ? [3, b & 0x07, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf]
            : [0, 0, 0, 0];
    let cp = first;
    let j = i + 1;
    let whole = need > 0;
    for (let k = 0; k < need; k++, j++) {
      const c = bytes[j];
      if (c === undefined || c < (k === 0 ? lower : 0x80) || c > (k === 0 ? upper : 0xbf)) {
        whole = false;
        break;
      }
      cp = (cp << 6) | (c & 0x3f);
    }
    out += whole ? String.fromCodePoint(cp) : "\uFFFD";
    i = need > 0 ? j : i + 1;
  }
  return out;
}

/** Java's Base64.getUrlEncoder(): URL-safe alphabet, padded, of the text's UTF-8 bytes. */
export function base64UrlEncode(text: string): string {
  const bytes = utf8Encode(text);
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += URL_ALPHABET[(triple >> 18) & 63];
    out += URL_ALPHABET[(triple >> 12) & 63];
    out += i + 1 < bytes.length ? URL_ALPHABET[(triple >> 6) & 63] : "=";
    out += i + 2 < bytes.length ? URL_ALPHABET[triple & 63] : "=";
  }
  return out;
}

/**
 * Java's Base64.getUrlDecoder().decode, then the bytes as UTF-8: null where Java throws (a character
 * outside the URL-safe alphabet, "+" and "/" too; a single character left over; "=" that does not
 * close the last group correctly; anything after the padding). Padding is optional, as in Java.
 */
export function base64UrlDecode(text: string): string | null {
  const bytes: number[] = [];
  let bits = 0;
  let count = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "=") {
      // "x=" and a lone "=" are wrong; "xx" needs "==", "xxx" one "=".
      if (count === 0 || count === 1 || (count === 2 && text[++i] !== "=")) return null;
      i++;
      break;
    }
    const value = urlValue.get(c);
    if (value === undefined) return null;
    bits = (bits << 6) | value;
    if (++count === 4) {
      bytes.push((bits >> 16) & 0xff, (bits >> 8) & 0xff, bits & 0xff);
      bits = 0;
      count = 0;
    }
  }
  if (count === 1 || i < text.length) return null;
  if (count === 2) bytes.push((bits >> 4) & 0xff);
  if (count === 3) bytes.push((bits >> 10) & 0xff, (bits >> 2) & 0xff);
  return utf8Decode(bytes);
}
