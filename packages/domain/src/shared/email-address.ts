import type { IssueList } from './errors.js';
import { hasControlCharacters } from './text.js';

/**
 * An address as a member types it: trimmed; empty means none (null); else one plain address —
 * no display name, no list, nothing a mail header would read as structure — or an issue at
 * `location`. Undefined when not given.
 */
export function normaliseEmail(
  email: string | undefined,
  location: string,
  issues: IssueList,
): string | null | undefined {
  if (email === undefined) return undefined;
  const trimmed = email.trim();
  if (trimmed === '') return null;
  if (
    !/^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/u.test(trimmed) ||
    hasControlCharacters(trimmed)
  ) {
    issues.add(location, 'must be an email address');
  }
  return trimmed;
}
