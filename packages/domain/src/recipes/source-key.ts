/** Query parameters that only say where a link was clicked, never which page it is. */
const TRACKING = /^(?:utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|igshid)$/i;

/**
 * What makes two source addresses the same page: scheme and host without case and without
 * `www.`, no fragment, no tracking parameters, no trailing slash, no default port. Null for
 * anything that is not an http(s) address. Recipes imported from one page share this key, so a
 * draft can say the household has the recipe already.
 */
export function sourceKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^(https?):\/\/(?:[^\s/?#@]*@)?([^\s/?#:]+)(?::(\d{1,5}))?([^\s?#]*)(\?[^\s#]*)?/i.exec(
    url.trim(),
  );
  if (!match) return null;
  const [, , rawHost = '', port, rawPath = '', rawQuery = ''] = match;
  const host = rawHost
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const path = rawPath.replace(/\/+$/, '');
  const query = rawQuery
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING.test(pair.split('=')[0] ?? ''))
    .sort()
    .join('&');
  const keepPort = port && port !== '80' && port !== '443' ? `:${port}` : '';
  return `${host}${keepPort}${path}${query ? `?${query}` : ''}`;
}
