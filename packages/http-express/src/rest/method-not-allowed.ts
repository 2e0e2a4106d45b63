import express, { type RequestHandler } from 'express';
import { problem } from './problem.js';
import type { RestTable } from './route.js';

type Probed = { allowedMethods?: Set<string> };

/**
 * A path the API knows asked with a method it does not take: 405 with `Allow` naming the methods it
 * does take (RFC 9110 §15.5.6), rather than the 404 of a path that names nothing. Mounted after
 * every route, so only requests no route answered reach it; paths are matched exactly as the routes
 * match them (express's own router, case-sensitive).
 */
export function methodNotAllowed(table: RestTable): RequestHandler {
  const probe = express.Router({ caseSensitive: true });
  // Hidden routes answer their own 405 (GET /mcp): they name no method the address takes.
  const routes = [...table.operations, ...table.raw.filter((route) => !route.hidden)];
  for (const { method, path } of routes) {
    probe.all(path, (req, _res, next) => {
      const probed = req as typeof req & Probed;
      (probed.allowedMethods ??= new Set()).add(method.toUpperCase());
      next();
    });
  }
  probe.use((req, _res, next) => {
    const allowed = (req as typeof req & Probed).allowedMethods;
    if (!allowed || allowed.has(req.method)) {
      next();
      return;
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    const allow = [...allowed].sort().join(', ');
    next(
      problem(405, `${req.method} is not taken here; this address takes ${allow}.`, {
        headers: { Allow: allow },
      }),
    );
  });
  return probe;
}
