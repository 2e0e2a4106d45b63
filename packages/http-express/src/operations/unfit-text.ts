import { type FieldIssue, MALFORMED_TEXT_MESSAGE, isWellFormedText } from '@larder/domain';

const NUL_MESSAGE = 'must not contain control characters (NUL)';

/** Why a string cannot be kept as text, or null: NUL, or half a character (a lone surrogate). */
function faultOf(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (!isWellFormedText(text)) return MALFORMED_TEXT_MESSAGE;
  return null;
}

/**
 * The first string in an input value that no text store can keep as it is, located like
 * `steps[0].text`, or null. PostgreSQL text holds neither NUL nor half a character (it refuses the
 * one and would quietly turn the other into U+FFFD, so an answer would show what was never
 * stored): every transport refuses such input at its edge.
 */
export function unfitTextAt(value: unknown, location: string): FieldIssue | null {
  if (typeof value === 'string') {
    const fault = faultOf(value);
    return fault === null ? null : { location, message: fault };
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unfitTextAt(item, `${location}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = unfitTextAt(item, location === '' ? key : `${location}.${key}`);
      if (found) return found;
    }
  }
  return null;
}
