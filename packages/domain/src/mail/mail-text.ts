/**
 * How values from people (display names, usernames, addresses) and from the configuration
 * (links, the household's URL) may stand in a mail. Every byte of them is treated as hostile:
 * a display name is whatever a member typed.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes the five characters that could open markup, start an entity or leave an attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/gu, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * Control characters, the Unicode line and paragraph separators (which some mail readers break
 * lines at) and the bidirectional overrides (which can make text read backwards).
 */
const LINE_BREAKER = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
const LINE_BREAKERS = new RegExp(`${LINE_BREAKER.source}+`, 'gu');

/**
 * A value as it may stand inside a line of the plain-text part: whatever could break the line
 * becomes one space, so a display name cannot start a line of its own, forge a paragraph or put
 * a link where the real one is expected.
 */
export function withoutLineBreaks(value: string): string {
  return value.replace(LINE_BREAKERS, ' ').replace(/ {2,}/gu, ' ').trim();
}

/** True when the value would break a mail header or the line it stands in (CR, LF, NUL and the like). */
export function breaksLine(value: string): boolean {
  return LINE_BREAKER.test(value);
}

/**
 * A value about to become a mail header (the recipient's address). Values are checked where they
 * come in (a 422 there); reaching this point with a line break is a bug, so it stops the mail.
 */
export function headerValue(value: string, what: string): string {
  if (breaksLine(value)) throw new Error(`refused ${what} for a mail header: it holds a line break`);
  return value;
}

/**
 * A link placed in a mail: the household's own http(s) address, never `javascript:` or `data:`,
 * and nothing that could end the line or the attribute it stands in.
 */
export function mailLink(url: string): string {
  if (!/^https?:\/\/[^\s<>"'\p{Cc}]+$/iu.test(url) || breaksLine(url)) {
    throw new Error('refused link for a mail: links must be plain http(s) addresses');
  }
  return url;
}
