/**
 * Repairs text that a site encoded as UTF-8 twice ("Â½ cup", "crÃ¨me"): such text is the UTF-8
 * bytes of the real text read as windows-1252. When a text shows that pattern and its characters,
 * taken back to those bytes, are valid UTF-8, the decoded bytes are the text the site meant.
 */

/** Windows-1252's characters for the bytes 0x80–0x9F. */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** "Ã" or "Â" (the lead bytes of two-byte UTF-8 for Latin letters and signs) followed by a continuation byte's character. */
const PATTERN = /[ÂÃ][\u0080-\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]|â€[™œ\u009D“”˜¦]/u;

function byteOf(ch: string): number | null {
  const code = ch.charCodeAt(0);
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  const high = HIGH.indexOf(ch);
  return high === -1 ? null : 0x80 + high;
}

/** Strict UTF-8 decoding of `bytes`; null when they are not UTF-8. */
function utf8(bytes: number[]): string | null {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0 || i + need >= bytes.length + (need === 0 ? 1 : 0)) return null;
    let code = need === 0 ? b : b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return null;
      code = (code << 6) | (c & 0x3f);
    }
    if ((need === 2 && code < 0x800) || (need === 3 && (code < 0x10000 || code > 0x10ffff))) return null;
    out += String.fromCodePoint(code);
    i += need + 1;
  }
  return out;
}

export function repairMojibake(text: string): string {
  if (!PATTERN.test(text)) return text;
  const bytes: number[] = [];
  for (const ch of text) {
    const byte = byteOf(ch);
    // A character beyond windows-1252 means the text was not made this way: leave it alone.
    if (byte === null) return text;
    bytes.push(byte);
  }
  return utf8(bytes) ?? text;
}
