import { utf8ByteLength } from '../shared/text.js';

/**
 * UTF-8 without any I/O module: the domain turns its documents into bytes and back itself.
 * Decoding is strict (no overlong forms, no surrogates, nothing past U+10FFFF, nothing cut
 * short): bytes that are not UTF-8 are refused rather than guessed at.
 */

/** The lead byte's marker by the number of bytes that follow it. */
const LEAD_MARK = [0x00, 0xc0, 0xe0, 0xf0];

/** The text's UTF-8 bytes; a lone surrogate becomes U+FFFD, as `TextEncoder` does. */
export function encodeUtf8(text: string): Uint8Array {
  const bytes = new Uint8Array(utf8ByteLength(text));
  let at = 0;
  for (const ch of text) {
    let cp = ch.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) {
      bytes[at++] = cp;
      continue;
    }
    // The lead byte carries the length and the top bits; each following byte six more bits.
    const following = cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;
    bytes[at++] = (LEAD_MARK[following] ?? 0) | (cp >> (6 * following));
    for (let k = following - 1; k >= 0; k--) bytes[at++] = 0x80 | ((cp >> (6 * k)) & 0x3f);
  }
  return bytes;
}

/** The text the bytes spell, or null when they are not well-formed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  const parts: string[] = [];
  let units: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    // 0x80–0xC1 never lead (continuation bytes, overlong two-byte forms), nor 0xF5 and above.
    const length =
      lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0;
    if (length === 0) return null;
    let cp = length === 1 ? lead : lead & (0xff >> (length + 1));
    if (i + length > bytes.length) return null;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (next & 0x3f);
    }
    const overlong = (length === 3 && cp < 0x800) || (length === 4 && cp < 0x10000);
    if (overlong || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return null;
    if (cp < 0x10000) units.push(cp);
    else units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    i += length;
    // Strings are built in slices so no call takes more arguments than an engine allows.
    if (units.length >= 8192) {
      parts.push(String.fromCharCode(...units));
      units = [];
    }
  }
  parts.push(String.fromCharCode(...units));
  return parts.join('');
}
