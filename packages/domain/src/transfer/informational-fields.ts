import { MALFORMED_TEXT_MESSAGE, hasControlCharacters, isWellFormedText } from '../shared/text.js';
import type { AuthorName } from './archive-format.js';
import type { JsonObject } from './json-fields.js';

/** Longest name kept from an archive's informational fields. */
const MAX_NAME = 200;
/** `2026-03-01T12:00:00.000Z` and its variants; anything else is not a date of ours. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/u;

/** Who wrote or changed a recipe where it came from; null when unknown. */
export function authorIn(document: JsonObject, key: string): AuthorName | null {
  const author = document.objectOrNull(key);
  return author && { username: nameIn(author, 'username'), displayName: nameIn(author, 'displayName') };
}

function nameIn(author: JsonObject, key: string): string {
  const name = author.text(key);
  if (name.length > MAX_NAME || hasControlCharacters(name)) {
    author.note(author.fieldOf(key), `must be at most ${MAX_NAME} characters, without control characters`);
  } else if (!isWellFormedText(name)) {
    author.note(author.fieldOf(key), MALFORMED_TEXT_MESSAGE);
  }
  return name;
}

/** A date and time in ISO 8601; null when absent. */
export function dateIn(document: JsonObject, key: string): Date | null {
  const text = document.textOrNull(key);
  if (text === null) return null;
  const date = new Date(text);
  if (!DATE_TIME.test(text) || Number.isNaN(date.getTime())) {
    document.note(document.fieldOf(key), 'must be a date and time such as 2026-03-01T12:00:00.000Z');
    return null;
  }
  return date;
}
