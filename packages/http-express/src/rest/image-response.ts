import type { StoredImage } from '@larder/domain';
import type { Request, Response } from 'express';

/** Renditions never change under their address (a new upload gets a new id), so caches may keep them. */
export const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

/**
 * Sends a stored JPEG with its ETag and long private caching; answers 304 to a
 * matching `If-None-Match` and 206 to a single byte range. HEAD gets the headers only.
 */
export function sendStoredImage(
  req: Request,
  res: Response,
  image: StoredImage,
  cacheControl = IMMUTABLE_PRIVATE,
): void {
  res.setHeader('Content-Type', 'image/jpeg');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', image.etag);
  res.setHeader('Accept-Ranges', 'bytes');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === image.etag || tag.trim() === '*')) {
    res.status(304).end();
    return;
  }
  const total = image.bytes.byteLength;
  const ifRange = req.headers['if-range'];
  const range = rangeOf(
    req.headers['range'],
    total,
    typeof ifRange === 'string' ? ifRange : undefined,
    image.etag,
  );
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${total}`);
    res.status(416).end();
    return;
  }
  const body = range ? image.bytes.subarray(range.start, range.end + 1) : image.bytes;
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${total}`);
  } else {
    res.status(200);
  }
  res.setHeader('Content-Length', String(body.byteLength));
  if (req.method === 'HEAD') res.end();
  else res.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

function rangeOf(
  header: string | undefined,
  total: number,
  ifRange: string | undefined,
  etag: string,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or nonsense: the whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, total - Number(m[2]));
    end = total - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1);
  }
  if (start >= total || start > end) return 'unsatisfiable';
  return { start, end };
}
