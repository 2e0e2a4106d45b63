/**
 * Where a flow may send the browser back: a path of this service only. Anything that could leave
 * it — another origin (`https://…`), a scheme-relative address (`//evil.example`), a backslash the
 * browser turns into a slash (`/\evil.example`), a dot segment (`/..//evil.example`), control
 * characters or spaces — falls back to `/`. An earlier flow's outcome (`oidc=…` in the query) is
 * dropped: the page a member tries again from still shows the last one (`/?oidc=unlinked`), and the
 * new flow's outcome must be the only one the page reads.
 */
export function localPath(next: string | undefined | null): string {
  if (typeof next !== 'string' || next === '' || next.length > 2000) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  if (/[\p{Cc}\p{Zs}\u2028\u2029]/u.test(next)) return '/';
  // Percent-encoded slashes and backslashes are how `//` and `/\` hide; a path needs neither.
  if (/%(?:2f|5c)/i.test(next)) return '/';
  // Nor do dot segments, which a browser resolves away: `/..//evil.example` is `//evil.example`.
  const path = next.split(/[?#]/u, 1)[0]!;
  if (path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/iu.test(segment))) return '/';
  return withoutOutcome(next);
}

/** `path` without any `oidc=…` in its query (and without the `?` if nothing else was there). */
function withoutOutcome(path: string): string {
  const match = /^([^?#]*)\?([^#]*)(.*)$/su.exec(path);
  if (!match) return path;
  const [, before, query, hash] = match as unknown as [string, string, string, string];
  const kept = query.split('&').filter((pair) => pair !== '' && !/^oidc(?:=|$)/u.test(pair));
  return `${before}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}

/** `path` with `oidc=<outcome>` in its query, keeping what the query held, before any `#`. */
export function withOutcome(path: string, outcome: string): string {
  const hashAt = path.indexOf('#');
  const [beforeHash, hash] = hashAt < 0 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}oidc=${encodeURIComponent(outcome)}${hash}`;
}
