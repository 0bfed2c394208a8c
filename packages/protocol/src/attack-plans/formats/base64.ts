// Base64 without Buffer or atob (the protocol runs in the browser and in Node alike): the URL-safe
// alphabet with padding, as Java's Base64.getUrlEncoder() writes it (DS Workbench's troop amounts).

const URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const decodeTable = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) table[URL_ALPHABET.charCodeAt(i)] = i;
  // The standard alphabet's two letters, too: a hand-edited line may use them.
  table["+".charCodeAt(0)] = 62;
  table["/".charCodeAt(0)] = 63;
  return table;
})();

/** Base64url with padding of a text of single-byte characters (code points < 256). */
export function base64UrlEncode(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 3) {
    const a = byteAt(text, i);
    const b = i + 1 < text.length ? byteAt(text, i + 1) : 0;
    const c = i + 2 < text.length ? byteAt(text, i + 2) : 0;
    const triple = (a << 16) | (b << 8) | c;
    out += URL_ALPHABET[(triple >> 18) & 63];
    out += URL_ALPHABET[(triple >> 12) & 63];
    out += i + 1 < text.length ? URL_ALPHABET[(triple >> 6) & 63] : "=";
    out += i + 2 < text.length ? URL_ALPHABET[triple & 63] : "=";
  }
  return out;
}

function byteAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code > 255) throw new RangeError("base64UrlEncode: nur Zeichen bis U+00FF");
  return code;
}

/**
 * The bytes of a base64 (URL-safe or standard alphabet, padding optional) text as single-byte
 * characters, or null if it is not base64.
 */
export function base64Decode(input: string): string | null {
  const text = input.replace(/=+$/, "");
  if (text.length % 4 === 1 || input.length - text.length > 2) return null;
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (decodeTable[code] as number) : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}
