/** Number of bytes the string takes in UTF-8, computed without any I/O module. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * How many characters (code points) the text holds, as people and JSON Schema's `maxLength`
 * count them: an emoji or a CJK extension character is one, not two UTF-16 units.
 */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/**
 * Characters that show nothing or turn the text around: zero-width spaces, the word joiner, the
 * byte-order mark, and the direction embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069). A name holding one can pose as another (U+202E then "gpj.exe" shows as "exe.jpg").
 * The joiners (U+200C, U+200D) that emoji and several scripts need, and the plain direction
 * marks (U+200E, U+200F), are not among them.
 */
const DIRECTION_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const DISGUISING = new RegExp(`[\\u200B\\u2060\\uFEFF${DIRECTION_CONTROLS}]`, 'u');
const DIRECTION_CONTROL = new RegExp(`[${DIRECTION_CONTROLS}]`, 'u');
const ALL_DISGUISING = new RegExp(DISGUISING.source, 'gu');

/** Trims, collapses inner runs of whitespace to one space, and drops characters that disguise text. */
export function tidy(text: string): string {
  return text.replace(ALL_DISGUISING, '').trim().replace(/\s+/gu, ' ');
}

/**
 * Text that shows nothing: whitespace, characters that are ignorable by default (zero-width
 * characters and joiners, direction marks, the soft hyphen, variation selectors, Hangul fillers,
 * tag characters), combining marks with nothing to combine with, format and control characters,
 * and the blank Braille pattern. Inside other text they are kept (a joiner in an emoji sequence, a
 * variation selector after a symbol); a name or a comment made only of them is empty to a reader.
 */
const SHOWS_NOTHING = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cc}\p{Cf}\u2800]*$/u;

/** True when the text has at least one character a reader sees. */
export function showsSomething(text: string): boolean {
  return !SHOWS_NOTHING.test(text);
}

/** True when the text holds a control character (C0, DEL or C1): names and addresses never need one. */
export function hasControlCharacters(text: string): boolean {
  // Control characters, and the Unicode line and paragraph separators that act like line ends.
  return /[\p{Cc}\u2028\u2029]/u.test(text);
}

/** True when the text holds a character that disguises it (see `DISGUISING`). */
export function hasDisguisingCharacters(text: string): boolean {
  return DISGUISING.test(text);
}

/**
 * True when the character is a direction embedding, override or isolate: it makes text read
 * otherwise than it is stored. Comments refuse only these (a comment may hold zero-width spaces).
 */
export function isDirectionControl(character: string): boolean {
  return DIRECTION_CONTROL.test(character);
}

/** What a name says of a character that disguises it. */
export const DISGUISED_NAME_MESSAGE = 'must not contain invisible or direction-changing characters';

/** A UTF-16 surrogate standing alone: half of a character, which no text store can keep. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');

/** What a field says of text holding half a character. */
export const MALFORMED_TEXT_MESSAGE = 'must be valid Unicode text';

/** True when every surrogate in the text is half of a pair: text PostgreSQL (and JSON) can keep as it is. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** The text with every lone surrogate replaced by U+FFFD, as a decoder shows an unreadable byte. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD');
}

/** The first `max` UTF-16 units of the text, one fewer when the cut would split a surrogate pair. */
export function headOf(text: string, max: number): string {
  return text.slice(0, codePointBoundary(text, max));
}

/** `at`, or one less when `at` falls between the two halves of a character. */
export function codePointBoundary(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return at;
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? at - 1 : at;
}
