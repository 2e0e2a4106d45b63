/**
 * Just enough of web addresses for drafts, without a URL library (the domain imports nothing):
 * making an address found in JSON-LD absolute against the page's, and telling http(s) addresses
 * from the rest.
 */

const ABSOLUTE = /^https?:\/\/[^\s/?#]+/iu;

/** `href` made absolute against `base` ("/img/a.jpg", "//cdn.x/a.jpg", "a.jpg"); null when it cannot be an http(s) address. */
export function absoluteAddress(href: string | null | undefined, base: string): string | null {
  // "https//cdn…": a colon lost on the way is put back.
  const text = (href ?? '')
    .trim()
    .replace(/\s/gu, '%20')
    .replace(/^(https?)\/\//iu, '$1://');
  if (text === '') return null;
  if (ABSOLUTE.test(text)) return text;
  const origin = ABSOLUTE.exec(base)?.[0];
  if (!origin) return null;
  if (text.startsWith('//')) return `${/^https/iu.test(base) ? 'https' : 'http'}:${text}`;
  if (/^[a-z][a-z0-9+.-]*:/iu.test(text)) return null;
  if (text.startsWith('/')) return origin + text;
  const path = base.slice(origin.length).split(/[?#]/u)[0] ?? '/';
  const folder = path.slice(0, path.lastIndexOf('/') + 1) || '/';
  return origin + folder + text;
}

/** True for an absolute http or https address. */
export function isWebAddress(text: string | null | undefined): text is string {
  return typeof text === 'string' && ABSOLUTE.test(text.trim()) && !/\s/u.test(text.trim());
}
