import type { IssueList } from './errors.js';
import { hasControlCharacters, utf8ByteLength } from './text.js';

/** The longest part before the `@` SMTP carries (RFC 5321: 64 octets). */
export const LONGEST_LOCAL_PART = 64;
/** The longest address SMTP carries (RFC 5321: a path of 256 octets, its angle brackets included). */
export const LONGEST_ADDRESS = 254;

/**
 * An address as a member types it: trimmed; empty means none (null); else one plain address —
 * no display name, no list, nothing a mail header would read as structure, no longer than SMTP
 * carries (counted in UTF-8 bytes, as SMTP counts) — or an issue at `location`. Undefined when not
 * given.
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
  } else if (utf8ByteLength(trimmed.slice(0, trimmed.lastIndexOf('@'))) > LONGEST_LOCAL_PART) {
    issues.add(location, `must have at most ${LONGEST_LOCAL_PART} characters before the @`);
  } else if (utf8ByteLength(trimmed) > LONGEST_ADDRESS) {
    issues.add(location, `must be at most ${LONGEST_ADDRESS} characters`);
  }
  return trimmed;
}
