import type { RequestHandler } from 'express';
import { problem } from './problem.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses writes (to the API, and the forms of the setup and confirmation pages) and any request
 * to /mcp whose `Origin` names another site, or none (`null`: a sandboxed or referrer-less page).
 * Requests without an `Origin` (scripts, curl) pass, unless `Sec-Fetch-Site` says `cross-site`.
 */
export function crossSiteWriteCheck(publicOrigin: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const origin = req.headers.origin;
    // Case-blind, whatever routing does: `/API/…` is guarded like `/api/…`.
    const path = req.path.toLowerCase();
    const guarded = WRITES.has(req.method) || path === '/mcp' || path.startsWith('/mcp/');
    if (!guarded) return next();
    if (origin === undefined) {
      // Without an Origin (scripts, curl) it passes, unless the browser says it came from another
      // site: browsers send Origin with every write, so this is only a second lock on the door.
      if (req.headers['sec-fetch-site'] !== 'cross-site') return next();
      return next(problem(403, 'Cross-site request refused: the browser says it comes from another site.'));
    }
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === own || (publicOrigin !== undefined && origin === publicOrigin)) return next();
    next(problem(403, 'Cross-site request refused: the Origin header names another site.'));
  };
}
