import { ValidationFailed } from '../shared/errors.js';
import { isDirectionControl, MALFORMED_TEXT_MESSAGE, showsSomething } from '../shared/text.js';

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

/** The text with Windows (`\r\n`) and old Mac (`\r`) line ends turned into `\n`. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?/gu, '\n');
}

/** Why a (normalised, trimmed) comment body is refused, or null when it is acceptable. */
export function commentBodyProblem(body: string): string | null {
  let length = 0;
  // Iterating a string yields code points; a lone surrogate comes out on its own.
  for (const ch of body) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= SURROGATE[0] && cp <= SURROGATE[1]) return MALFORMED_TEXT_MESSAGE;
    if (inRanges(cp, CONTROL)) return 'must not contain control characters (line breaks and tabs are fine)';
    if (isDirectionControl(ch)) {
      return 'must not contain bidirectional override, embedding or isolate characters';
    }
    length++;
  }
  if (length < COMMENT_BODY_MIN || !showsSomething(body)) return 'must not be empty';
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
