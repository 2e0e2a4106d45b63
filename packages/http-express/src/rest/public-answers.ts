import type { Response } from 'express';

/**
 * Headers of every answer readable without signing in (public links, their photos,
 * link previews): no referrer leaks the token onward, no search engine indexes it,
 * no shared cache keeps it.
 */
export const PUBLIC_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, no-cache',
};

export function setPublicHeaders(res: Response): void {
  res.set(PUBLIC_HEADERS);
}

/**
 * The one answer for a public link that serves nothing (unknown, revoked, paused,
 * limited, expired): the same bytes every time, exactly `{title, status, detail}`.
 */
export const DEAD_LINK_BODY = JSON.stringify({
  title: 'Not Found',
  status: 404,
  detail: 'This link is not available.',
});

/** The one answer for a link-preview photo that may not be shown, whatever the reason. */
export const NO_PREVIEW_BODY = JSON.stringify({
  title: 'Not Found',
  status: 404,
  detail: 'No such preview image.',
});

export function sendPublicNotFound(res: Response, body: string): void {
  setPublicHeaders(res);
  res.status(404).type('application/problem+json').send(body);
}
