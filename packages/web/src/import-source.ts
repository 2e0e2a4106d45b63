/**
 * What the import screen was given: a page's address (sent as `{url}`, so the page reader fetches
 * it and a refusal says why) or a recipe's text. An address is one line without spaces: one with a
 * scheme (`http://kitchen/soup`, `http://[::1]:8080/`, `ftp://…`), a host with a dot and no scheme
 * (`example.com/soup`), or anything else the browser parses as an address. Text has spaces or lines.
 */
export function isAddress(source: string): boolean {
  const value = source.trim();
  if (value === '' || /\s/u.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//iu.test(value) || /^[^/]+\.[^/]+/u.test(value)) return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
