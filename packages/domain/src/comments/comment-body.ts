import { ValidationFailed } from '../shared/errors.js';
import { isDirectionControl, MALFORMED_TEXT_MESSAGE } from '../shared/text.js';

/** Bounds of a comment's text, counted in Unicode code points after trimming. */
export const COMMENT_BODY_MIN = 1;
export const COMMENT_BODY_MAX = 2000;

type Range = readonly [number, number];

function inRanges(cp: number, ranges: readonly Range[]): boolean {
  return ranges.some(([from, to]) => cp >= from && cp <= to);
}

/** C0 controls other than tab (U+0009) and line feed (U+000A), DEL, and the C1 controls. */
const CONTROL: readonly Range[] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
];

/** Half of a surrogate pair without its other half: not a character, and not storable as UTF-8. */
const SURROGATE: Range = [0xd800, 0xdfff];

/**
 * Characters that show nothing on their own: zero-width characters and joiners, directional marks,
 * word joiner and invisible operators, byte-order mark, soft hyphen, combining grapheme joiner,
 * fillers, variation selectors and tag characters (whitespace is tested apart). A body made only of
 * these is empty to a reader; inside other text (a ZWJ in an emoji sequence, a variation selector
 * after a symbol) they are kept.
 */
const INVISIBLE: readonly Range[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

function isInvisible(ch: string, cp: number): boolean {
  return /^\s$/u.test(ch) || inRanges(cp, INVISIBLE);
}

/** The text with Windows (`\r\n`) and old Mac (`\r`) line ends turned into `\n`. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?/gu, '\n');
}

/** Why a (normalised, trimmed) comment body is refused, or null when it is acceptable. */
export function commentBodyProblem(body: string): string | null {
  let length = 0;
  let visible = false;
  // Iterating a string yields code points; a lone surrogate comes out on its own.
  for (const ch of body) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= SURROGATE[0] && cp <= SURROGATE[1]) return MALFORMED_TEXT_MESSAGE;
    if (inRanges(cp, CONTROL)) return 'must not contain control characters (line breaks and tabs are fine)';
    if (isDirectionControl(ch)) {
      return 'must not contain bidirectional override, embedding or isolate characters';
    }
    if (!visible && !isInvisible(ch, cp)) visible = true;
    length++;
  }
  if (length < COMMENT_BODY_MIN || !visible) return 'must not be empty';
  if (length > COMMENT_BODY_MAX) return `must be at most ${COMMENT_BODY_MAX} characters`;
  return null;
}

/**
 * A comment's text as it is stored: plain text with line ends normalised and the ends trimmed,
 * otherwise byte for byte what the member wrote (no Unicode normalisation, emoji kept).
 * Refuses, located at `location`, what breaks a rule.
 */
export function commentBody(raw: string, location = 'body'): string {
  const body = normaliseLineEnds(raw).trim();
  const problem = commentBodyProblem(body);
  if (problem) throw new ValidationFailed([{ location, message: problem }]);
  return body;
}
