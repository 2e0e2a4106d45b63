/** What a path's secret is shown as in the log. */
export const HIDDEN_TOKEN = ':token';

/**
 * Request paths as the log shows them. A route whose path holds a `:token` (a setup or reset link,
 * an address confirmation, a public link and its photos) carries a secret that opens something:
 * that segment is logged as `:token`, so reading the log hands nobody a link to redeem. Any path
 * that starts like such a route is covered, whatever its case and whatever follows the token
 * (a 404 shows it as well as an answer does).
 */
export function tokenHider(routePaths: Iterable<string>): (path: string) => string {
  const prefixes = new Set<string>();
  for (const path of routePaths) {
    const at = path.indexOf(`/${HIDDEN_TOKEN}`);
    if (at >= 0) prefixes.add(path.slice(0, at));
  }
  const patterns = [...prefixes].map((prefix) => new RegExp(`^(${segments(prefix)}/+)[^/]+`, 'iu'));
  return (path) => {
    for (const pattern of patterns) if (pattern.test(path)) return path.replace(pattern, `$1${HIDDEN_TOKEN}`);
    return path;
  };
}

/** A route's path up to its token as a pattern: literal segments as they are, `:name` as any one segment. */
function segments(prefix: string): string {
  return prefix
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')))
    .join('/+');
}
