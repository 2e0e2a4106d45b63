import { ValidationFailed } from '../shared/errors.js';

/** Bounds of a comment's text, counted in Unicode code points after trimming. */
export const COMMENT_BODY_MIN = 1;
export const COMMENT_BODY_MAX = 2000;

/** C0 controls other than tab and line feed, DEL, and the C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

/** Bidi embeddings, overrides and isolates: they can make text read differently than it is stored. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Half of a surrogate pair with no other half: not a character, and not storable as UTF-8.
 * (With the `u` flag a proper pair is one code point and does not match.)
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Characters that show nothing on their own: whitespace, zero-width characters and joiners,
 * word joiner and invisible operators, byte-order mark, soft hyphen, combining grapheme joiner,
 * fillers, variation selectors and tag characters. A body made only of these is empty to a reader;
 * inside other text (a ZWJ in an emoji sequence, a variation selector after a symbol) they are kept.
 */
const INVISIBLE =
  /[\s\u00AD\u034F\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
const ONLY_INVISIBLE = new RegExp(`^${INVISIBLE.source}*$`, 'u');

/** Number of Unicode code points (an emoji outside the BMP counts once; a ZWJ sequence counts each part). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The text with Windows (`\r\n`) and old Mac (`\r`) line ends turned into `\n`. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?/gu, '\n');
}

/** Why a (normalised, trimmed) comment body is refused, or null when it is acceptable. */
export function commentBodyProblem(body: string): string | null {
  if (LONE_SURROGATE.test(body)) return 'must be valid Unicode text';
  if (CONTROL.test(body)) return 'must not contain control characters (line breaks and tabs are fine)';
  if (BIDI_CONTROL.test(body)) return 'must not contain bidirectional override, embedding or isolate characters';
  const length = codePointLength(body);
  if (length < COMMENT_BODY_MIN || ONLY_INVISIBLE.test(body)) return 'must not be empty';
  if (length > COMMENT_BODY_MAX) return `must be at most ${COMMENT_BODY_MAX} characters`;
  return null;
}

/**
 * A comment's text as it is stored: plain text with line ends normalised and the ends trimmed,
 * otherwise byte for byte what the member wrote (no Unicode normalisation, emoji kept).
 * Refuses, located at `location`, what breaks a rule.
 */
export function commentBody(raw: string, location = 'body.body'): string {
  const body = normaliseLineEnds(raw).trim();
  const problem = commentBodyProblem(body);
  if (problem) throw new ValidationFailed([{ location, message: problem }]);
  return body;
}
